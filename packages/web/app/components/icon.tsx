import { Eye, type IconNode, List, Star } from "lucide";
import type { SVGProps } from "react";

export type { IconNode };

const drawings = new WeakMap<IconNode, { __html: string }>();

const escapeAttribute = (value: string | number) =>
  String(value).replaceAll("&", "&amp;").replaceAll('"', "&quot;");

/** An icon's shapes as markup, built once per icon. */
function drawingOf(node: IconNode) {
  let drawing = drawings.get(node);
  if (!drawing) {
    const shapes = node.map(([tag, attributes]) => {
      const written = Object.entries(attributes)
        .filter((entry): entry is [string, string | number] => entry[1] !== undefined)
        .map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`)
        .join("");
      return `<${tag}${written}></${tag}>`;
    });
    drawing = { __html: shapes.join("") };
    drawings.set(node, drawing);
  }
  return drawing;
}

/**
 * Icons every story card draws (a list page shows dozens of cards): the page carries their
 * shapes once, in <IconSprite />, and each card points at them (docs/decisions/062).
 */
const SPRITE = new Map<IconNode, string>([
  [Eye, "icon-eye"],
  [Star, "icon-star"],
  [List, "icon-list"],
]);

/**
 * lucide's drawing attributes, on each icon's own <svg>. A sprite's <symbol> carries none:
 * its shapes inherit them through <use>, so an icon's own `fill` (a voted star) shows.
 */
const STROKE = {
  fill: "none",
  stroke: "currentColor",
  strokeWidth: 2,
  strokeLinecap: "round",
  strokeLinejoin: "round",
} as const;

/** The shapes of the sprite's icons, once per page (in the root layout). */
export function IconSprite() {
  return (
    <svg className="icon-sprite" aria-hidden="true" focusable="false">
      {[...SPRITE].map(([node, id]) => (
        <symbol
          key={id}
          id={id}
          viewBox="0 0 24 24"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: lucide's own shapes, attributes escaped
          dangerouslySetInnerHTML={drawingOf(node)}
        />
      ))}
    </svg>
  );
}

export interface IconProps
  extends Omit<SVGProps<SVGSVGElement>, "children" | "dangerouslySetInnerHTML" | "onClick"> {
  /** What it draws: a lucide icon, `import { X } from "lucide"`. */
  of: IconNode;
  size?: number;
}

/**
 * A lucide icon, as lucide draws it (24-unit grid, 2-unit round strokes in the text's
 * colour), in one <svg> whose shapes are markup: React renders and hydrates one element per
 * icon rather than one per shape, and skips lucide-react's per-render attribute merging
 * (docs/decisions/039).
 */
export function Icon({ of, size = 24, ...rest }: IconProps) {
  // reader.md §8: a click handler on an icon throws. An icon is no control: a keyboard cannot
  // reach it and a screen reader does not offer it; what is pressed is the button around it.
  if ("onClick" in rest) throw new Error("An icon takes no click handler: wrap it in a button");
  const sprite = SPRITE.get(of);
  // Named, it is an image to a screen reader; unnamed, it is decoration and hidden.
  const named = {
    role: rest["aria-label"] ? "img" : undefined,
    "aria-hidden": rest["aria-label"] ? undefined : true,
  } as const;
  if (sprite) {
    return (
      // biome-ignore lint/a11y/noSvgWithoutTitle: named by aria-label, or hidden (`named`)
      <svg width={size} height={size} viewBox="0 0 24 24" {...STROKE} {...named} {...rest}>
        <use href={`#${sprite}`} />
      </svg>
    );
  }
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      {...STROKE}
      {...named}
      {...rest}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: lucide's own shapes, attributes escaped
      dangerouslySetInnerHTML={drawingOf(of)}
    />
  );
}

import type { IconNode } from "lucide";
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

export interface IconProps
  extends Omit<SVGProps<SVGSVGElement>, "children" | "dangerouslySetInnerHTML"> {
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
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      // Named, it is an image to a screen reader; unnamed, it is decoration and hidden.
      role={rest["aria-label"] ? "img" : undefined}
      aria-hidden={rest["aria-label"] ? undefined : true}
      {...rest}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: lucide's own shapes, attributes escaped
      dangerouslySetInnerHTML={drawingOf(of)}
    />
  );
}

import { coverSources } from "@inkwell/shared";
import type { CSSProperties } from "react";
import { t } from "../i18n/index.ts";

interface CoverProps {
  src: string | null;
  title: string;
  width: number;
  eager?: boolean;
  className?: string;
  /** The `sizes` of the image when CSS shows it at another width than `width`. */
  sizes?: string;
  /**
   * The story's title is written beside the cover (in the same link or heading): the cover is
   * then hidden from screen readers, which would otherwise read the title twice.
   */
  decorative?: boolean;
}

/** A story cover at the book ratio (512 × 800); a titled placeholder when there is none. */
export function Cover({
  src,
  title,
  width,
  eager = false,
  className = "",
  sizes,
  decorative = false,
}: CoverProps) {
  if (!src) {
    return (
      <div
        className={`cover cover--empty ${className}`}
        // A custom property rather than a width: a layout that sizes covers (a carousel,
        // a card) sizes this one too. The book ratio gives the height.
        style={{ "--cover-width": `${width}px` } as CSSProperties}
        {...(decorative
          ? { "aria-hidden": true }
          : { role: "img", "aria-label": t.story.cover(title) })}
      >
        <span>{title}</span>
      </div>
    );
  }
  // Covers from elsewhere (a full URL) are shown as they are; ours come at spec widths.
  const sources = src.startsWith("/media/")
    ? { ...coverSources(src, width), sizes: sizes ?? `${width}px` }
    : { src };
  return (
    <img
      className={`cover ${className}`}
      {...sources}
      alt={decorative ? "" : t.story.cover(title)}
      width={width}
      height={Math.round((width * 800) / 512)}
      loading={eager ? "eager" : "lazy"}
      decoding="async"
    />
  );
}

import { coverSources } from "@inkwell/shared";
import { t } from "../i18n/index.ts";

interface CoverProps {
  src: string | null;
  title: string;
  width: number;
  eager?: boolean;
  className?: string;
  /** The `sizes` of the image when CSS shows it at another width than `width`. */
  sizes?: string;
}

/** A story cover at the book ratio (512 × 800); a titled placeholder when there is none. */
export function Cover({ src, title, width, eager = false, className = "", sizes }: CoverProps) {
  const height = Math.round((width * 800) / 512);
  if (!src) {
    return (
      <div
        className={`cover cover--empty ${className}`}
        style={{ width, height }}
        role="img"
        aria-label={t.story.cover(title)}
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
      alt={t.story.cover(title)}
      width={width}
      height={height}
      loading={eager ? "eager" : "lazy"}
      decoding="async"
    />
  );
}

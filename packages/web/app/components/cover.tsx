import { t } from "../i18n/index.ts";

interface CoverProps {
  src: string | null;
  title: string;
  width: number;
  eager?: boolean;
  className?: string;
}

/** A story cover at the book ratio (512 × 800); a titled placeholder when there is none. */
export function Cover({ src, title, width, eager = false, className = "" }: CoverProps) {
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
  return (
    <img
      className={`cover ${className}`}
      src={src}
      alt={t.story.cover(title)}
      width={width}
      height={height}
      loading={eager ? "eager" : "lazy"}
      decoding="async"
    />
  );
}

import { useId } from "react";
import { t } from "../../i18n/index.ts";

/** Groups of readers as horizontal bars, each with its share written out. */
export function ShareBars({
  title,
  shares,
  note,
}: {
  title: string;
  shares: Array<{ label: string; share: number }>;
  /** What the shares are of, under the heading. */
  note?: string;
}) {
  const headingId = useId();
  return (
    <section className="share-bars" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {note && <p className="analytics__note">{note}</p>}
      {shares.length > 0 && (
        <ul className="share-bars__list">
          {shares.map((group) => (
            <li key={group.label}>
              <span className="share-bars__label">{group.label}</span>
              <span className="share-bars__track" aria-hidden="true">
                <span className="share-bars__fill" style={{ width: `${group.share}%` }} />
              </span>
              <span className="share-bars__share">{t.analytics.share(group.share)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

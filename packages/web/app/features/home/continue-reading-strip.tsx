import type { ContinueReadingItem } from "@inkwell/shared";
import { useEffect, useState } from "react";
import { browserApi } from "../../api/client.ts";
import { Cover } from "../../components/cover.tsx";
import { t } from "../../i18n/index.ts";

const STRIP_COVER_WIDTH = 80;

/**
 * The continue-reading strip at the top of the home feed (reader.md §4): it starts with the
 * section's own items, asks the section's dynamic path for fresh ones after hydration, and
 * keeps the section's items when that fails.
 */
export function ContinueReadingStrip({
  items: initial,
  path,
}: {
  items: ContinueReadingItem[];
  path: string;
}) {
  const [items, setItems] = useState(initial);
  useEffect(() => {
    let current = true;
    browserApi()
      .continueReading(path)
      .then(
        (answer) => current && setItems(answer.items),
        (error: unknown) => console.error("CONTINUE READING ERROR", error),
      );
    return () => {
      current = false;
    };
  }, [path]);

  if (items.length === 0) return null;
  return (
    <section className="continue-strip" aria-labelledby="continue-heading">
      <h2 id="continue-heading">{t.homeFeed.continueReading}</h2>
      <ul className="carousel" aria-label={t.homeFeed.continueReading}>
        {items.map((item) => (
          <li key={item.id} className="continue-strip__item">
            <a className="continue-strip__link" href={`/${item.current_part.id}`}>
              <Cover src={item.cover} title={item.title} width={STRIP_COVER_WIDTH} />
              <span className="continue-strip__text">
                <span className="continue-strip__title">{item.title}</span>
                <span>{t.homeFeed.partOf(item.current_part.number, item.total_parts)}</span>
                {item.new_parts > 0 && (
                  <span className="continue-strip__new">{t.homeFeed.newParts(item.new_parts)}</span>
                )}
              </span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

import { type ContinueReadingItem, STRIP_SWIPE_PX } from "@inkwell/shared";
import { type TouchEvent, useEffect, useRef, useState } from "react";
import { browserApi } from "../../api/client.ts";
import { Cover } from "../../components/cover.tsx";
import { Pause } from "../../components/pause.tsx";
import { t } from "../../i18n/index.ts";
import { scrollMotion } from "../../lib/scroll-motion.ts";
import { useShownWhileScrollingUp } from "./use-scroll-direction.ts";

const STRIP_COVER_WIDTH = 80;

/**
 * The continue-reading strip at the top of the home feed (reader.md §4): it starts with the
 * section's own items, asks the section's dynamic path for the section again after
 * hydration (§7: sections with data for the strip), and keeps its items when that fails. It stays in reach while scrolling up and gets
 * out of the way while scrolling down. A horizontal swipe of STRIP_SWIPE_PX or more moves
 * it a page; a shorter one leaves it where it was.
 */
export function ContinueReadingStrip({
  items: initial,
  path,
}: {
  items: ContinueReadingItem[];
  path: string;
}) {
  const [items, setItems] = useState(initial);
  const shown = useShownWhileScrollingUp();
  const list = useRef<HTMLUListElement>(null);
  const start = useRef<{ x: number; y: number } | null>(null);
  useEffect(() => {
    let current = true;
    browserApi()
      .continueReading(path)
      .then((answer) => {
        const fresh = answer.sections.find((section) => section.type === "continueReadingSwimlane");
        if (!fresh) throw new Error("no continue-reading section in the answer");
        if (current) setItems(fresh.data.items);
      })
      .catch((error: unknown) => console.error("CONTINUE READING ERROR", error));
    return () => {
      current = false;
    };
  }, [path]);

  const onTouchStart = (event: TouchEvent) => {
    const touch = event.touches[0];
    start.current = touch ? { x: touch.clientX, y: touch.clientY } : null;
  };
  const onTouchEnd = (event: TouchEvent) => {
    const touch = event.changedTouches[0];
    const from = start.current;
    start.current = null;
    const strip = list.current;
    if (!touch || !from || !strip) return;
    const dx = touch.clientX - from.x;
    if (Math.abs(dx) < STRIP_SWIPE_PX || Math.abs(dx) < Math.abs(touch.clientY - from.y)) return;
    strip.scrollBy({
      left: dx < 0 ? strip.clientWidth : -strip.clientWidth,
      behavior: scrollMotion(),
    });
  };

  if (items.length === 0) return null;
  return (
    <section
      className={`continue-strip${shown ? "" : " continue-strip--hidden"}`}
      aria-labelledby="continue-heading"
    >
      <h2 id="continue-heading">{t.homeFeed.continueReading}</h2>
      <ul
        ref={list}
        className="carousel continue-strip__list"
        aria-label={t.homeFeed.continueReading}
        onTouchStart={onTouchStart}
        onTouchEnd={onTouchEnd}
      >
        {items.map((item) => {
          const partOf = t.homeFeed.partOf(item.current_part.number, item.total_parts);
          const newParts = item.new_parts > 0 && t.homeFeed.newParts(item.new_parts);
          return (
            <li key={item.id} className="continue-strip__item">
              <a className="continue-strip__link" href={`/${item.current_part.id}`}>
                <Cover src={item.cover} title={item.title} width={STRIP_COVER_WIDTH} decorative />
                <span className="continue-strip__text">
                  <span className="continue-strip__title">
                    {item.title}
                    <Pause />
                  </span>
                  <span>
                    {partOf}
                    {newParts && <Pause />}
                  </span>
                  {newParts && <span className="continue-strip__new">{newParts}</span>}
                </span>
              </a>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

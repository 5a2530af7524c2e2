import {
  STORY_CAROUSEL_MAX_WIDTH,
  STORY_CAROUSEL_ROWS,
  storyCarouselHasArrows,
  storyCarouselSizes,
  storyCarouselStep,
} from "@inkwell/shared";
import { ChevronLeft, ChevronRight } from "lucide";
import { useEffect, useId, useRef, useState } from "react";
import type { StoryCardData } from "../api/client.ts";
import { t } from "../i18n/index.ts";
import { type Bring, useMoreFocus } from "../lib/more-focus.ts";
import { onPlainClick } from "../lib/plain-click.ts";
import { scrollMotion } from "../lib/scroll-motion.ts";
import { useNearEnd } from "../lib/use-near-end.ts";
import { BusyButton } from "./busy-button.tsx";
import { Cover } from "./cover.tsx";
import { Icon } from "./icon.tsx";
import { ResponsiveText } from "./responsive-text.tsx";
import { ScriptButton } from "./script-button.tsx";
import { StoryPreview } from "./story-preview.tsx";

/** reader.md §9: carousel titles stay short enough for one or two lines under the cover. */
const CAROUSEL_TITLE = [{ minWidth: 0, limit: 36 }];

/** Covers are fetched for the widest a row makes them: a fifth of the capped width. */
const COVER_WIDTH = Math.ceil(STORY_CAROUSEL_MAX_WIDTH / (STORY_CAROUSEL_ROWS[0]?.shown ?? 5));
const COVER_SIZES = storyCarouselSizes();

/** Where the list stands: the arrow that would move past an end is off. */
interface Ends {
  start: boolean;
  end: boolean;
}

/** reader.md §9: the next stories load when the row is scrolled within 200 px of its end. */
const LOAD_MARGIN = "0px 200px";

/** A carousel whose list goes on past the stories it holds (a paid catalog group). */
export interface MoreStories {
  /** Whether there are stories past those shown. */
  hasMore: boolean;
  /** Whether the next ones are on their way. */
  busy: boolean;
  /** Loads the next stories, landing them through `bring` (focus moves on to the first). */
  load: (bring: Bring) => void;
}

/**
 * A row of covers that scrolls sideways (by touch, trackpad, or Tab through the links);
 * each opens the story preview. CSS sizes the stories so that a row shows as many as
 * reader.md §9 says for the screen's width, in the server's HTML already. With more
 * stories than a desktop row, Previous and Next buttons move it a row at a time. With
 * `more`, the row ends with a More stories button and loads the next stories when scrolled
 * near its end or pressed; focus then moves on to the first new story.
 */
export function StoryCarousel({
  stories,
  label,
  fixedWidth,
  more,
}: {
  stories: StoryCardData[];
  label: string;
  /** Every story this wide whatever the screen (the tag page's carousel, reader.md §9). */
  fixedWidth?: number;
  more?: MoreStories;
}) {
  const [previewed, setPreviewed] = useState<StoryCardData | null>(null);
  const [open, setOpen] = useState(false);
  // Before scripts run the list is at its start, and with arrows it always overflows.
  const [ends, setEnds] = useState<Ends>({ start: true, end: false });
  const list = useRef<HTMLUListElement>(null);
  const listId = useId();
  const arrows = storyCarouselHasArrows(stories.length);
  const moreEnd = useRef<HTMLLIElement>(null);
  // More stories, pressed or reached by Tab, hands focus on to the first story its set
  // brought, or to the last story when it goes at the group's end (docs/decisions/057).
  const moreFocus = useMoreFocus(list);
  const hasMore = more?.hasMore === true;
  useNearEnd(moreEnd, hasMore && !more?.busy ? () => more?.load(moreFocus.bring) : null, {
    margin: LOAD_MARGIN,
    count: stories.length,
    root: list,
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: new stories at the end turn Next on again
  useEffect(() => {
    const row = list.current;
    if (!row || !arrows) return;
    const update = () => {
      const start = row.scrollLeft <= 1;
      const end = row.scrollLeft + row.clientWidth >= row.scrollWidth - 1;
      setEnds((now) => (now.start === start && now.end === end ? now : { start, end }));
    };
    update();
    row.addEventListener("scroll", update, { passive: true });
    const resized = new ResizeObserver(update);
    resized.observe(row);
    return () => {
      row.removeEventListener("scroll", update);
      resized.disconnect();
    };
  }, [arrows, stories.length]);

  const move = (direction: 1 | -1) => {
    const row = list.current;
    const item = row?.firstElementChild;
    if (!row || !(item instanceof HTMLElement)) return;
    const gap = Number.parseFloat(getComputedStyle(row).columnGap) || 0;
    row.scrollBy({
      left: direction * storyCarouselStep(row.clientWidth, item.offsetWidth, gap),
      behavior: scrollMotion(),
    });
  };

  return (
    <div className="story-carousel">
      {arrows && (
        <div className="carousel-controls story-carousel__controls">
          <ScriptButton
            aria-label={t.carousel.previous}
            aria-controls={listId}
            aria-disabled={ends.start}
            onClick={() => !ends.start && move(-1)}
          >
            <Icon of={ChevronLeft} aria-hidden="true" size={20} />
          </ScriptButton>
          <ScriptButton
            aria-label={t.carousel.next}
            aria-controls={listId}
            aria-disabled={ends.end}
            onClick={() => !ends.end && move(1)}
          >
            <Icon of={ChevronRight} aria-hidden="true" size={20} />
          </ScriptButton>
        </div>
      )}
      <ul
        ref={list}
        id={listId}
        className={fixedWidth ? "carousel" : "carousel story-carousel__list"}
        aria-label={label}
      >
        {stories.map((story) => (
          <li key={story.id} style={fixedWidth ? { width: fixedWidth } : undefined}>
            <a
              className="carousel__item"
              href={story.url}
              aria-haspopup="dialog"
              onClick={onPlainClick(() => {
                setPreviewed(story);
                setOpen(true);
              })}
            >
              <Cover
                src={story.cover}
                title={story.title}
                width={fixedWidth ?? COVER_WIDTH}
                sizes={fixedWidth ? undefined : COVER_SIZES}
                decorative
              />
              <span className="carousel__title">
                <ResponsiveText text={story.title} cuts={CAROUSEL_TITLE} />
              </span>
            </a>
          </li>
        ))}
        {hasMore && (
          <li ref={moreEnd} className="story-carousel__more">
            <BusyButton
              ref={moreFocus.ref}
              className="button"
              busy={more?.busy === true}
              onClick={() => more?.load(moreFocus.bring)}
            >
              {t.carousel.more} <span className="visually-hidden">{t.carousel.moreOf(label)}</span>
            </BusyButton>
          </li>
        )}
      </ul>
      {previewed && (
        <StoryPreview
          story={previewed}
          open={open}
          onClose={() => setOpen(false)}
          from="carousel"
        />
      )}
    </div>
  );
}

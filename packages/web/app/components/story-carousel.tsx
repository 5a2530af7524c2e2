import { truncate } from "@inkwell/shared";
import { useState } from "react";
import type { StoryCardData } from "../api/client.ts";
import { onPlainClick } from "../lib/plain-click.ts";
import { Cover } from "./cover.tsx";
import { StoryPreview } from "./story-preview.tsx";

/** reader.md §9: carousel titles stay short enough for one or two lines under the cover. */
const CAROUSEL_TITLE = 36;

/**
 * A row of covers that scrolls sideways (by touch, trackpad, or Tab through the links);
 * each opens the story preview. Used where the spec asks for a carousel of stories.
 */
export function StoryCarousel({
  stories,
  width,
  label,
}: {
  stories: StoryCardData[];
  width: number;
  label: string;
}) {
  const [previewed, setPreviewed] = useState<StoryCardData | null>(null);
  const [open, setOpen] = useState(false);
  return (
    <>
      <ul className="carousel" aria-label={label}>
        {stories.map((story) => (
          <li key={story.id} style={{ width }}>
            <a
              className="carousel__item"
              href={story.url}
              aria-haspopup="dialog"
              onClick={onPlainClick(() => {
                setPreviewed(story);
                setOpen(true);
              })}
            >
              <Cover src={story.cover} title={story.title} width={width} />
              <span className="carousel__title">{truncate(story.title, CAROUSEL_TITLE)}</span>
            </a>
          </li>
        ))}
      </ul>
      {previewed && <StoryPreview story={previewed} open={open} onClose={() => setOpen(false)} />}
    </>
  );
}

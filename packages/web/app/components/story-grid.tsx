import { useId } from "react";
import type { StoryCardData } from "../api/client.ts";
import { StoryCard } from "./story-card.tsx";

/** A phone's first row of cards, often the page's largest image: not left to lazy loading. */
const EAGER_CARDS = 2;

/**
 * Story cards in a grid. The cards' titles are third-level headings: where the grid comes
 * straight after a page's title, it brings a second-level heading of its own (`heading`,
 * read by screen readers only unless "shown"), so that the outline does not skip a level;
 * otherwise the list is named by `label` under its section's heading.
 */
export function StoryGrid({
  stories,
  label,
  heading,
  described = false,
}: {
  stories: StoryCardData[];
  label: string;
  heading?: "hidden" | "shown";
  /** Each card shows the start of its story's description. */
  described?: boolean;
}) {
  const headingId = useId();
  const items = stories.map((story, index) => (
    <li key={story.id}>
      <StoryCard story={story} described={described} eager={index < EAGER_CARDS} />
    </li>
  ));
  if (!heading) {
    return (
      <ul className="story-grid" aria-label={label}>
        {items}
      </ul>
    );
  }
  return (
    <>
      <h2
        id={headingId}
        className={heading === "shown" ? "story-grid__heading" : "visually-hidden"}
      >
        {label}
      </h2>
      <ul className="story-grid" aria-labelledby={headingId}>
        {items}
      </ul>
    </>
  );
}

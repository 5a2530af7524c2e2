import type { StoryCardData } from "../api/client.ts";
import { StoryCard } from "./story-card.tsx";

export function StoryGrid({ stories, label }: { stories: StoryCardData[]; label: string }) {
  return (
    <ul className="story-grid" aria-label={label}>
      {stories.map((story) => (
        <li key={story.id}>
          <StoryCard story={story} />
        </li>
      ))}
    </ul>
  );
}

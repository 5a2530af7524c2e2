import type { StoryCard, StoryList } from "@inkwell/shared";
import { browserApi } from "../../api/client.ts";
import { StoryGrid } from "../../components/story-grid.tsx";
import { useShowMore } from "./show-more.tsx";

interface ProfileStoriesProps {
  username: string;
  first: StoryList;
  pageSize: number;
  label: string;
  empty: string;
}

/** The user's published stories as cards, a page at a time. */
export function ProfileStories({ username, first, pageSize, label, empty }: ProfileStoriesProps) {
  const { items, button } = useShowMore<StoryCard>(
    { items: first.stories, nextUrl: first.nextUrl },
    async (offset) => {
      const page = await browserApi().userStories(username, { limit: pageSize, offset });
      return { items: page.stories, nextUrl: page.nextUrl };
    },
    label,
    (story) => story.id,
  );
  if (items.length === 0) return <p className="profile__empty">{empty}</p>;
  return (
    <>
      <StoryGrid stories={items} label={label} />
      {button}
    </>
  );
}

import { useEffect, useState } from "react";
import { browserApi, type StoryCardData } from "../../api/client.ts";
import { StoryGrid } from "../../components/story-grid.tsx";
import { t } from "../../i18n/index.ts";

/**
 * 'You may also like', fetched by the browser once the page is up: it sits below the fold
 * and costs more to find than the rest of the page, so the server's render never waits on
 * it. Nothing shows when there are none or the call fails.
 */
export function RecommendedStories({ storyId }: { storyId: number }) {
  const [stories, setStories] = useState<StoryCardData[]>([]);
  useEffect(() => {
    let current = true;
    browserApi()
      .recommendedStories(storyId)
      .then(
        (answer) => current && setStories(answer.recommendedStories),
        () => current && setStories([]),
      );
    return () => {
      current = false;
    };
  }, [storyId]);
  if (stories.length === 0) return null;
  return (
    <section className="story-recommendations" aria-labelledby="recommended-heading">
      <h2 id="recommended-heading">{t.story.youMayAlsoLike}</h2>
      <StoryGrid stories={stories} label={t.story.youMayAlsoLike} />
    </section>
  );
}

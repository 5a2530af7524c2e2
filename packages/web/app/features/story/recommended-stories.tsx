import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { browserApi, type StoryCardData } from "../../api/client.ts";
import { t } from "../../i18n/index.ts";
import { useHoldFocusInView } from "../../lib/use-hold-focus-in-view.ts";

const loadGrid = () => import("../../components/story-grid.tsx");
const StoryGrid = lazy(() => loadGrid().then((module) => ({ default: module.StoryGrid })));

/** How far below the screen the section starts loading: a phone's fling, about. */
const LOAD_MARGIN = "800px";

/**
 * 'You may also like', at the foot of the story page: it costs more to find than the rest of
 * the page, so the server's render never waits on it, and a reader who never scrolls that far
 * never asks for it, nor downloads its cards. Nothing shows when there are none or the call
 * fails.
 */
export function RecommendedStories({ storyId }: { storyId: number }) {
  const [stories, setStories] = useState<StoryCardData[]>([]);
  const [near, setNear] = useState(false);
  const anchor = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const target = anchor.current;
    if (near || !target) return;
    if (typeof IntersectionObserver === "undefined") {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => entries.some((entry) => entry.isIntersecting) && setNear(true),
      { rootMargin: LOAD_MARGIN },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [near]);

  useEffect(() => {
    if (!near) return;
    let current = true;
    // The cards' code and the stories load side by side.
    Promise.all([browserApi().recommendedStories(storyId), loadGrid()]).then(
      ([answer]) => current && setStories(answer.recommendedStories),
      () => current && setStories([]),
    );
    return () => {
      current = false;
    };
  }, [near, storyId]);

  // The cards arrive while a keyboard reader may be on the footer below: it stays in view.
  useHoldFocusInView(anchor);

  return (
    <div className="story-recommendations-slot" ref={anchor}>
      {stories.length > 0 && (
        <section className="story-recommendations" aria-labelledby="recommended-heading">
          <h2 id="recommended-heading">{t.story.youMayAlsoLike}</h2>
          <Suspense fallback={null}>
            <StoryGrid stories={stories} label={t.story.youMayAlsoLike} described />
          </Suspense>
        </section>
      )}
    </div>
  );
}

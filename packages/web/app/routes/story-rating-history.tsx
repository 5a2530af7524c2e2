import { apiContext } from "../api/context.ts";
import { findStory, StoryFinder } from "../components/story-finder.tsx";
import { RatingHistoryList } from "../features/story/rating-history.tsx";
import { t } from "../i18n/index.ts";
import { currentUserOrLogin, notFoundResponse } from "../lib/route-data.ts";
import type { Route } from "./+types/story-rating-history";

const text = t.storyStaff;

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = context.get(apiContext);
  const user = await currentUserOrLogin(api, request);
  // System admins' alone, like the admin panel it comes from: for anyone else it is not there.
  if (!user.isSysAdmin) throw notFoundResponse();
  const { asked, found, problem } = await findStory(
    new URL(request.url),
    "story_id",
    async (storyId) => {
      const [view, story] = await Promise.all([api.storyStaff(storyId), api.storyTitle(storyId)]);
      return { changes: view.ratingHistory ?? [], title: story.title, url: `/story/${storyId}` };
    },
  );
  return { asked, story: found, problem };
}

export const meta = () => [{ title: `${text.ratingPageTitle} · ${t.brand}` }];

/**
 * /admin/story_rating_history.php?story_id={id} (reader.md §6): every rating a story had.
 * Opened without a story (a bookmark, the admin menu), it asks for one.
 */
export default function StoryRatingHistory({ loaderData }: Route.ComponentProps) {
  const { asked, story, problem } = loaderData;
  return (
    <section className="admin-page" aria-labelledby="rating-history-heading">
      <h1 id="rating-history-heading">{text.ratingPageTitle}</h1>
      <p>{story ? text.ratingPageLead(story.title) : text.ratingPageAsk}</p>
      <StoryFinder id="rating-history-story" name="story_id" asked={asked} problem={problem} />
      {story && (
        <>
          <RatingHistoryList changes={story.changes} />
          <p>
            <a href={story.url}>{text.ratingPageStory}</a>
          </p>
        </>
      )}
    </section>
  );
}

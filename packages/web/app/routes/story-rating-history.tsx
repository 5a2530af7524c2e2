import { ApiRequestError } from "../api/client.ts";
import { apiContext } from "../api/context.ts";
import { RatingHistoryList } from "../features/story/rating-history.tsx";
import { t } from "../i18n/index.ts";
import { currentUserOrLogin, notFoundResponse } from "../lib/route-data.ts";
import type { Route } from "./+types/story-rating-history";

const text = t.storyStaff;

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = context.get(apiContext);
  const url = new URL(request.url);
  const user = await currentUserOrLogin(api, request);
  // System admins' alone, like the admin panel it comes from: for anyone else it is not there.
  if (!user.isSysAdmin) throw notFoundResponse();
  const asked = url.searchParams.get("story_id") ?? "";
  if (!/^[1-9]\d{0,15}$/.test(asked)) throw notFoundResponse();
  const storyId = Number(asked);
  const [view, story] = await Promise.all([api.storyStaff(storyId), api.storyTitle(storyId)]).catch(
    (error: unknown) => {
      if (error instanceof ApiRequestError && error.status === 404) throw notFoundResponse();
      throw error;
    },
  );
  return { changes: view.ratingHistory ?? [], title: story.title, url: `/story/${storyId}` };
}

export const meta = () => [{ title: `${text.ratingPageTitle} · ${t.brand}` }];

/** /admin/story_rating_history.php?story_id={id} (reader.md §6): every rating a story had. */
export default function StoryRatingHistory({ loaderData }: Route.ComponentProps) {
  const { changes, title, url } = loaderData;
  return (
    <section className="admin-page" aria-labelledby="rating-history-heading">
      <h1 id="rating-history-heading">{text.ratingPageTitle}</h1>
      <p>{text.ratingPageLead(title)}</p>
      <RatingHistoryList changes={changes} />
      <p>
        <a href={url}>{text.ratingPageStory}</a>
      </p>
    </section>
  );
}

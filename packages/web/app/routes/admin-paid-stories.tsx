import { apiContext } from "../api/context.ts";
import { findStory, StoryFinder } from "../components/story-finder.tsx";
import { ProgrammeStory } from "../features/paid-programme/programme-story.tsx";
import { t } from "../i18n/index.ts";
import { currentUserOrLogin, notFoundResponse } from "../lib/route-data.ts";
import type { Route } from "./+types/admin-paid-stories";

const text = t.paidProgramme;

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = context.get(apiContext);
  const user = await currentUserOrLogin(api, request);
  // Only system admins decide what is paid: for anyone else the page is not there.
  if (!user.isSysAdmin) throw notFoundResponse();
  const { asked, found, problem } = await findStory(new URL(request.url), "storyId", (storyId) =>
    api.paidProgramme(storyId),
  );
  return { asked, view: found, problem };
}

export const meta = () => [{ title: `${text.title} · ${t.brand}` }];

/**
 * /admin/paid_stories_manager?storyId={id} (reader.md §6, the admin panel's paid story
 * manage): a system admin finds a story, then puts it in the Paid Stories programme or
 * takes it out (decision 045).
 */
export default function PaidStoriesManager({ loaderData }: Route.ComponentProps) {
  const { asked, view, problem } = loaderData;
  return (
    <section className="admin-page" aria-labelledby="paid-manager-heading">
      <h1 id="paid-manager-heading">{text.title}</h1>
      <p>{text.lead}</p>
      <StoryFinder id="paid-manager-story" name="storyId" asked={asked} problem={problem} />
      {view && <ProgrammeStory key={view.storyId} initial={view} />}
    </section>
  );
}

import type { ContestInfo, Eligibility } from "@inkwell/shared";
import { formatCount, formatZonedDate } from "@inkwell/shared";
import { isRouteErrorResponse, useNavigate, useRouteError } from "react-router";
import { ApiRequestError } from "../api/client.ts";
import { apiContext } from "../api/context.ts";
import { ErrorPage } from "../components/error-page.tsx";
import { ContestEntry } from "../features/contest/contest-entry.tsx";
import { ContestStories, type StoryStanding } from "../features/contest/contest-stories.tsx";
import { ContestSuccess } from "../features/contest/contest-success.tsx";
import { type ContestEntryData, loadContestEntry } from "../features/contest/load-contest-entry.ts";
import { t } from "../i18n/index.ts";
import { currentUserOrLogin, idFromParam, notFoundResponse } from "../lib/route-data.ts";
import { useTimeZone } from "../lib/use-time-zone.ts";
import "../styles/contest.css";
import type { Route } from "./+types/contest";

type PageData =
  | { view: "stories"; contest: ContestInfo; stories: StoryStanding[] }
  | { view: "entry"; contest: ContestInfo; entry: ContestEntryData }
  | { view: "success"; contest: ContestInfo; entry: ContestEntryData; addedTag: boolean };

/** Entered stories first, then those that can enter, then the rest. */
const STANDING_ORDER: Eligibility[] = ["SUBMITTED", "ELIGIBLE", "NEAR_ELIGIBLE", "NOT_ELIGIBLE"];

/**
 * /contests/{key}: the contest open now, for a signed-in writer: their published stories to
 * enter, one story's entry form (?storyId=), or its success screen (&success=true, where the
 * standalone form goes after a submission, §2).
 */
export async function loader({ request, params, context }: Route.LoaderArgs): Promise<PageData> {
  const api = context.get(apiContext);
  const url = new URL(request.url);
  await currentUserOrLogin(api, request);
  const contest = await api.activeContest();
  if (!contest || contest.key !== params.contestKey) throw notFoundResponse();
  const storyParam = url.searchParams.get("storyId");
  if (storyParam === null) {
    const { stories } = await api.myWorks();
    const standings = await Promise.all(
      stories
        .filter((story) => story.published)
        .map(async ({ id, title, cover }): Promise<StoryStanding> => {
          const { eligibility, wordCount, ineligibleBecause, declined } =
            await api.contestEligibility(id);
          return { id, title, cover, eligibility, wordCount, ineligibleBecause, declined };
        }),
    );
    standings.sort(
      (a, b) => STANDING_ORDER.indexOf(a.eligibility) - STANDING_ORDER.indexOf(b.eligibility),
    );
    return { view: "stories", contest, stories: standings };
  }
  const storyId = idFromParam(storyParam);
  if (storyId === null) throw notFoundResponse();
  // Someone else's story is a 404 here, as in the editor.
  const entry = await loadContestEntry(api, contest, storyId).catch((error: unknown) => {
    if (error instanceof ApiRequestError && [403, 404].includes(error.status)) {
      throw notFoundResponse();
    }
    throw error;
  });
  if (url.searchParams.get("success") === "true" && entry.submission) {
    const addedTag = url.searchParams.get("hasAddedWattysTag") === "true";
    return { view: "success", contest, entry, addedTag };
  }
  return { view: "entry", contest, entry };
}

export function meta({ loaderData: data }: Route.MetaArgs) {
  const name = data ? t.contest.pageTitle(data.contest.year) : t.contest.banner.label;
  return [{ title: `${name} · ${t.brand}` }];
}

export default function ContestPage({ loaderData: data }: Route.ComponentProps) {
  const { contest } = data;
  const zone = useTimeZone();
  const navigate = useNavigate();
  return (
    <article className="contest-page">
      <header className="contest-page__header">
        <h1>{t.contest.pageTitle(contest.year)}</h1>
        {data.view === "stories" && (
          <>
            <p>{t.contest.intro(contest.year)}</p>
            <p>{t.contest.rules(formatCount(contest.minWords))}</p>
          </>
        )}
        <p className="contest-page__closes">
          {contest.isOpen
            ? t.contest.closes(formatZonedDate(contest.closesAt, zone))
            : t.contest.closed(contest.year)}
        </p>
      </header>
      {data.view === "stories" && (
        <section className="contest-stories" aria-labelledby="contest-stories">
          <h2 id="contest-stories">{t.contest.yourStories}</h2>
          {data.stories.length === 0 ? (
            <p>
              {t.contest.noStories} <a href="/myworks">{t.contest.goToMyStories}</a>
            </p>
          ) : (
            <ContestStories contest={contest} stories={data.stories} />
          )}
        </section>
      )}
      {data.view === "entry" && (
        <ContestEntry
          entry={data.entry}
          sectionLevel={2}
          onSubmitted={({ hasAddedTag }) => {
            const params = new URLSearchParams({
              storyId: String(data.entry.storyId),
              success: "true",
              hasAddedWattysTag: String(hasAddedTag),
            });
            navigate(`/contests/${contest.key}?${params}`);
          }}
        />
      )}
      {data.view === "success" && (
        <ContestSuccess
          storyId={data.entry.storyId}
          storyTitle={data.entry.eligibility.storyTitle}
          year={contest.year}
          addedTag={data.addedTag ? contest.tag : null}
        />
      )}
    </article>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <ErrorPage kind="notFound" />;
  return <ErrorPage kind="generic" />;
}

import { hasStartedReading, isModerator, pageTags, STORY_HEADER_LIMITS } from "@inkwell/shared";
import { lazy, Suspense } from "react";
import { data } from "react-router";
import { apiContext } from "../api/context.ts";
import { AdSlot } from "../components/ad-slot.tsx";
import { Avatar } from "../components/avatar.tsx";
import { Cover } from "../components/cover.tsx";
import { ResponsiveText } from "../components/responsive-text.tsx";
import { StoryBadges } from "../components/story-badges.tsx";
import { StoryStats } from "../components/story-stats.tsx";
import { UserBadges } from "../components/user-badges.tsx";
import { ReportStoryCard } from "../features/reports/report-story-card.tsx";
import { ExpandableDescription } from "../features/story/expandable-description.tsx";
import { StoryRouteError } from "../features/story/mature-gate.tsx";
import { RecommendedStories } from "../features/story/recommended-stories.tsx";
import { StoryActions, WriterActions } from "../features/story/story-actions.tsx";
import {
  GuidelinesCard,
  PremiumPicksCard,
  RankingsLink,
  SignUpCard,
} from "../features/story/story-aside.tsx";
import { TableOfContents } from "../features/story/table-of-contents.tsx";
import { TagChips } from "../features/story/tag-chips.tsx";
import { t } from "../i18n/index.ts";
import { useAdEligibilityEvent } from "../lib/ad-events.ts";
import { useCurrentUser } from "../lib/current-user.ts";
import {
  cacheTags,
  forwardLoaderHeaders,
  idFromParam,
  notFoundResponse,
  orNotFound,
} from "../lib/route-data.ts";
import type { Route } from "./+types/story";

/** Ambassadors and system admins only: nobody else's page downloads the staff panels. */
const StaffPanels = lazy(() => import("../features/story/staff-panels.tsx"));
// Only a writer whose own cover was flagged sees it: a visitor's first visit leaves it out.
const BannedCover = lazy(() =>
  import("../features/safety/banned-image.tsx").then((module) => ({
    default: module.BannedCover,
  })),
);

const HEADER_COVER_SIZES = "(max-width: 650px) 30vw, 195px";
const TITLE_CUTS = STORY_HEADER_LIMITS.map(({ minWidth, title }) => ({ minWidth, limit: title }));
const AUTHOR_CUTS = STORY_HEADER_LIMITS.map(({ minWidth, author }) => ({
  minWidth,
  limit: author,
}));

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const id = idFromParam(params.storyId);
  if (id === null) throw notFoundResponse();
  const api = context.get(apiContext);
  const [story, saved] = await Promise.all([
    orNotFound(api.storyPage(id)),
    // Where a signed-in reader left off; visitors without cookies cost no call.
    request.headers.get("cookie") ? api.readingPosition(id).catch(() => null) : null,
  ]);
  return data(
    { story, now: Date.now(), saved },
    { headers: cacheTags(pageTags.story(id), pageTags.writer(story.user.username)) },
  );
}

export const headers = forwardLoaderHeaders;

export function meta({ loaderData: data }: Route.MetaArgs) {
  if (!data) return [];
  return [
    { title: `${data.story.title} - ${data.story.user.name} · Inkwell` },
    { name: "description", content: data.story.description.slice(0, 300) },
  ];
}

export default function StoryPage({ loaderData }: Route.ComponentProps) {
  const { story, now, saved } = loaderData;
  const user = useCurrentUser();
  useAdEligibilityEvent("story", story.id);
  const continuing = saved && hasStartedReading(saved, story.firstStoryPart?.id ?? null);
  const status = story.deleted ? t.story.deleted : story.draft ? t.story.draft : null;
  return (
    <article className="story-page">
      <header className="story-header">
        {story.bannedCover ? (
          <Suspense fallback={null}>
            <BannedCover
              src={story.bannedCover}
              title={story.title}
              width={195}
              className="story-header__cover"
              sizes={HEADER_COVER_SIZES}
            />
          </Suspense>
        ) : (
          <Cover
            src={story.cover}
            title={story.title}
            width={195}
            eager
            className="story-header__cover"
            sizes={HEADER_COVER_SIZES}
          />
        )}
        <div className="story-header__info">
          {status && <p className="story-header__status">{status}</p>}
          <h1 className="story-header__title">
            <ResponsiveText text={story.title} cuts={TITLE_CUTS} />
          </h1>
          <a className="story-header__author" href={`/user/${story.user.username}`}>
            <Avatar src={story.user.avatar} name={story.user.name} size={32} />
            <span>
              <span className="visually-hidden">{t.story.by} </span>
              <ResponsiveText text={story.user.name} cuts={AUTHOR_CUTS} />
              <UserBadges badges={story.user.badges} />
            </span>
          </a>
          <StoryStats
            readCount={story.readCount}
            voteCount={story.voteCount}
            numParts={story.numParts}
            length={story.length}
            languageId={story.language.id}
          />
          <StoryBadges
            completed={story.completed}
            mature={story.mature}
            numNewParts={story.numNewParts}
            numNewBonusParts={story.numNewBonusParts}
            isPaid={story.isPaid}
            sale={story.sale}
          />
          <div className="story-header__actions">
            <StoryActions
              storyId={story.id}
              readUrl={continuing ? `/${saved.part}` : (story.firstStoryPart?.url ?? null)}
              readLabel={continuing ? t.reader.continueReading : t.story.startReading}
              canAdd={user !== null && !story.draft && !story.deleted}
              signedIn={user !== null}
            />
            {/* Signed-in pages are never cached, so a visitor's copy never carries this; a
                deleted story has no editor left to open. */}
            {user?.username === story.user.username && !story.deleted && (
              <WriterActions storyId={story.id} />
            )}
          </div>
        </div>
      </header>

      <div className="story-body">
        <div className="story-main">
          <section className="story-description" aria-labelledby="description-heading">
            <h2 id="description-heading" className="visually-hidden">
              {t.story.description}
            </h2>
            <ExpandableDescription storyId={story.id} text={story.description} />
            <TagChips storyId={story.id} tags={story.storyTags} />
            <RankingsLink storyUrl={story.url} rankings={story.tagRankings} />
          </section>
          <TableOfContents storyId={story.id} parts={story.parts} now={now} />
        </div>
        <div className="story-side">
          {!user && <SignUpCard title={story.title} nextUrl={story.url} />}
          {user && isModerator(user) && (
            <Suspense fallback={null}>
              <StaffPanels storyId={story.id} cover={story.cover} />
            </Suspense>
          )}
          <ReportStoryCard
            storyId={story.id}
            title={story.title}
            url={story.url}
            author={story.user.username}
            cover={story.cover}
            language={story.language.name}
          />
          <PremiumPicksCard />
          <GuidelinesCard />
          {story.ads && <AdSlot kind="story" />}
        </div>
      </div>

      <RecommendedStories key={story.id} storyId={story.id} />
    </article>
  );
}

export function ErrorBoundary() {
  return <StoryRouteError otherwise="story" />;
}

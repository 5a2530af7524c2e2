import {
  COPYRIGHT_LICENCES,
  cookieValue,
  formatAbsoluteDate,
  formatCount,
  WRITER_TIP_COOKIE,
} from "@inkwell/shared";
import { Award, ChartColumn, ImagePlus, Plus } from "lucide";
import { useEffect, useRef } from "react";
import { redirect, useLocation } from "react-router";
import { apiContext } from "../api/context.ts";
import { Alert } from "../components/alert.tsx";
import { Cover } from "../components/cover.tsx";
import { Icon } from "../components/icon.tsx";
import { layoutClass } from "../components/responsive-text.tsx";
import type { StoryDeletedState } from "../features/works/delete-story.tsx";
import { WriterTip } from "../features/writer-onboarding/writer-tip.tsx";
import { t } from "../i18n/index.ts";
import type { Route } from "./+types/myworks";
import "../styles/story-items.css";
import "../styles/writer.css";

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = context.get(apiContext);
  const user = request.headers.has("cookie") ? await api.currentUser() : null;
  if (!user) throw redirect(`/login?${new URLSearchParams({ nextUrl: "/myworks" })}`);
  const [{ stories }, onboarding, contest] = await Promise.all([
    api.myWorks(),
    api.writerOnboarding(),
    api.activeContest(),
  ]);
  // The writer onboarding tooltip greets writers with no story yet, until they dismiss it.
  const seen = cookieValue(request.headers.get("cookie") ?? "", WRITER_TIP_COOKIE) === "1";
  const showTip = stories.length === 0 && !onboarding.tooltip_dismissed && !seen;
  return { stories, showTip, contest: contest?.isOpen ? contest : null };
}

export const meta = () => [{ title: `${t.works.title} · ${t.brand}` }];

/* Below 576 px the Awards link says just "Awards", so that it and New Story share one row;
   at each width its name is the words it shows. */
const HEADER_LAYOUTS = [576, 0] as const;

const licenceName = (id: number) =>
  COPYRIGHT_LICENCES.find((licence) => licence.id === id)?.name ?? "";

/** The writer's stories (writer-paid-contest.md §3): parts and drafts, stats, licence. */
export default function MyWorksPage({ loaderData }: Route.ComponentProps) {
  const { stories, showTip, contest } = loaderData;
  // A story deleted from its editor lands here: say so, with focus on the words.
  const deletedStory = (useLocation().state as Partial<StoryDeletedState> | null)?.deletedStory;
  const notice = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (deletedStory) notice.current?.focus();
  }, [deletedStory]);
  return (
    <article className="my-works">
      <header className="my-works__header">
        <h1>{t.works.heading}</h1>
        <div className="my-works__actions">
          <a id="new-story" className="button button--primary" href="/myworks/new">
            <Icon of={Plus} aria-hidden="true" size={18} />
            {t.works.newStory}
          </a>
          {contest && (
            <a className="button" href={`/contests/${contest.key}`}>
              <Icon of={Award} aria-hidden="true" size={18} />
              <span className={layoutClass(HEADER_LAYOUTS, 0)}>
                {t.contest.pageTitle(contest.year)}
              </span>
              <span className={layoutClass(HEADER_LAYOUTS, 1)}>{t.contest.shortTitle}</span>
            </a>
          )}
          {/* After the buttons, so that on a phone it does not come between them. */}
          {showTip && <WriterTip anchorId="new-story" fromStart={contest !== null} />}
        </div>
      </header>
      {deletedStory && (
        <Alert tone="success" ref={notice}>
          {t.works.deleted(deletedStory)}
        </Alert>
      )}
      {stories.length === 0 ? (
        <p className="profile__empty">{t.works.empty}</p>
      ) : (
        <ul className="my-works__list" aria-label={t.works.stories}>
          {stories.map((story) => (
            <li key={story.id} className="story-item">
              <Cover src={story.cover} title={story.title} width={80} decorative />
              <div className="story-item__info">
                <h2 className="story-item__title">
                  <a href={`/myworks/${story.id}`}>{story.title}</a>
                </h2>
                <p className="work-item__meta">{t.works.parts(story.numParts, story.numDrafts)}</p>
                {story.modifyDate && (
                  <p className="work-item__meta">
                    {t.works.updated(formatAbsoluteDate(story.modifyDate))}
                  </p>
                )}
                <dl className="work-item__stats">
                  <div>
                    <dt>{t.works.reads}</dt>
                    <dd>{formatCount(story.readCount)}</dd>
                  </div>
                  <div>
                    <dt>{t.works.votes}</dt>
                    <dd>{formatCount(story.voteCount)}</dd>
                  </div>
                  <div>
                    <dt>{t.works.comments}</dt>
                    <dd>{formatCount(story.commentCount)}</dd>
                  </div>
                  <div>
                    <dt>{t.works.licence}</dt>
                    <dd>{licenceName(story.copyright)}</dd>
                  </div>
                </dl>
              </div>
              <div className="story-item__actions">
                <a
                  className="button"
                  href={`/myworks/${story.id}`}
                  aria-label={t.works.continueWritingFor(story.title)}
                >
                  {t.works.continueWriting}
                </a>
                <a
                  className="button"
                  href={`/myworks/cover-import?storyId=${story.id}`}
                  aria-label={t.covers.importFor(story.title)}
                >
                  <Icon of={ImagePlus} aria-hidden="true" size={18} />
                  <span className="work-item__label">{t.covers.importLink}</span>
                </a>
                {story.published && (
                  <a
                    className="button"
                    href={`/myworks/${story.id}/analytics/`}
                    aria-label={t.works.analyticsFor(story.title)}
                  >
                    <Icon of={ChartColumn} aria-hidden="true" size={18} />
                    <span className="work-item__label">{t.works.analytics}</span>
                  </a>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}

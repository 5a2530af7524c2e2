import { formatTimeAgo } from "@inkwell/shared";
import { ArrowLeft, ArrowRight, ChevronRight } from "lucide-react";
import { data } from "react-router";
import { apiContext } from "../api/context.ts";
import { Avatar } from "../components/avatar.tsx";
import { UserBadges } from "../components/user-badges.tsx";
import { VoteButton } from "../features/reading/vote-button.tsx";
import { t } from "../i18n/index.ts";
import {
  cacheTags,
  forwardLoaderHeaders,
  idFromParam,
  notFoundResponse,
  orNotFound,
} from "../lib/route-data.ts";
import type { Route } from "./+types/part";

export async function loader({ params, context }: Route.LoaderArgs) {
  const id = idFromParam(params.partId);
  if (id === null) throw notFoundResponse();
  const part = await orNotFound(context.get(apiContext).part(id));
  return data({ part, now: Date.now() }, { headers: cacheTags(`story:${part.story.id}`) });
}

export const headers = forwardLoaderHeaders;

export function meta({ loaderData: data }: Route.MetaArgs) {
  if (!data) return [];
  const { part } = data;
  return [{ title: `${part.title} - ${part.story.title} · Inkwell` }];
}

export default function PartPage({ loaderData }: Route.ComponentProps) {
  const { part, now } = loaderData;
  const { story } = part;
  return (
    <article className="reader">
      <header className="reader__header">
        <a className="reader__story" href={story.url}>
          <span className="reader__story-title">{story.title}</span>
          <ChevronRight aria-hidden="true" size={16} />
        </a>
        <p className="reader__position">{t.part.partOf(part.number, story.numParts)}</p>
        <h1 className="reader__title">{part.title}</h1>
        <a className="reader__author" href={`/user/${story.user.username}`}>
          <Avatar src={story.user.avatar} name={story.user.name} size={24} />
          <span>
            <span className="visually-hidden">{t.story.by} </span>
            {story.user.name}
            <UserBadges badges={story.user.badges} />
          </span>
        </a>
      </header>

      <div
        className="reader__text"
        // The part's HTML is sanitised when it is written (allow-list), never at render time.
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on write
        dangerouslySetInnerHTML={{ __html: part.text }}
      />

      <footer className="part-end">
        <VoteButton storyId={story.id} partId={part.id} voted={part.voted} votes={part.voteCount} />
        {part.nextPart ? (
          <a
            className="button button--primary button--large part-end__continue"
            href={part.nextPart.url}
          >
            {t.part.continue}
            <ArrowRight aria-hidden="true" size={18} />
          </a>
        ) : story.completed ? (
          <div className="part-end__message">
            <p className="part-end__heading">{t.part.finished}</p>
            <p>{t.part.finishedHint}</p>
          </div>
        ) : (
          <div className="part-end__message">
            <p className="part-end__heading">{t.part.endOfPublished}</p>
            {story.lastPublishedPart && (
              <p>{t.part.lastUpdated(formatTimeAgo(story.lastPublishedPart.createDate, now))}</p>
            )}
            <p>{t.part.libraryHint}</p>
          </div>
        )}
        <nav className="part-end__nav" aria-label="Parts">
          {part.previousPart ? (
            <a href={part.previousPart.url} rel="prev">
              <ArrowLeft aria-hidden="true" size={16} />
              <span>
                <span className="part-end__nav-label">{t.part.previous}</span>
                {part.previousPart.title}
              </span>
            </a>
          ) : (
            <span />
          )}
          {part.nextPart && (
            <a href={part.nextPart.url} rel="next" className="part-end__nav-next">
              <span>
                <span className="part-end__nav-label">{t.part.next}</span>
                {part.nextPart.title}
              </span>
              <ArrowRight aria-hidden="true" size={16} />
            </a>
          )}
        </nav>
        <a className="part-end__back" href={story.url}>
          {t.part.backToStory}
        </a>
      </footer>
    </article>
  );
}

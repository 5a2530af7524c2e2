import { formatTimeAgo } from "@inkwell/shared";
import { BookOpen } from "lucide-react";
import { data, isRouteErrorResponse, useRouteError } from "react-router";
import { apiContext } from "../api/context.ts";
import { Avatar } from "../components/avatar.tsx";
import { Cover } from "../components/cover.tsx";
import { ErrorPage } from "../components/error-page.tsx";
import { StoryBadges } from "../components/story-badges.tsx";
import { StoryStats } from "../components/story-stats.tsx";
import { UserBadges } from "../components/user-badges.tsx";
import { t } from "../i18n/index.ts";
import {
  cacheTags,
  forwardLoaderHeaders,
  idFromParam,
  notFoundResponse,
  orNotFound,
} from "../lib/route-data.ts";
import type { Route } from "./+types/story";

export async function loader({ params, context }: Route.LoaderArgs) {
  const id = idFromParam(params.storyId);
  if (id === null) throw notFoundResponse();
  const story = await orNotFound(context.get(apiContext).storyPage(id));
  return data({ story, now: Date.now() }, { headers: cacheTags(`story:${id}`) });
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
  const { story, now } = loaderData;
  const status = story.deleted ? t.story.deleted : story.draft ? t.story.draft : null;
  return (
    <article className="story-page">
      <header className="story-header">
        <Cover
          src={story.cover}
          title={story.title}
          width={195}
          eager
          className="story-header__cover"
        />
        <div className="story-header__info">
          {status && <p className="story-header__status">{status}</p>}
          <h1 className="story-header__title">{story.title}</h1>
          <a className="story-header__author" href={`/user/${story.user.username}`}>
            <Avatar src={story.user.avatar} name={story.user.name} size={32} />
            <span>
              <span className="visually-hidden">{t.story.by} </span>
              {story.user.name}
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
            isPaid={story.isPaid}
          />
          {story.firstStoryPart && (
            <a className="button button--primary button--large" href={story.firstStoryPart.url}>
              <BookOpen aria-hidden="true" size={18} />
              {t.story.startReading}
            </a>
          )}
        </div>
      </header>

      <div className="story-body">
        <section className="story-description" aria-labelledby="description-heading">
          <h2 id="description-heading" className="visually-hidden">
            {t.story.description}
          </h2>
          {story.description.split(/\n+/).map((paragraph, index) => (
            // Paragraphs of a description have no identity beyond their order.
            // biome-ignore lint/suspicious/noArrayIndexKey: static text split once
            <p key={index}>{paragraph}</p>
          ))}
          {story.storyTags.length > 0 && (
            <ul className="tag-list" aria-label={t.story.tags}>
              {story.storyTags.map((tag) => (
                <li key={tag.name}>
                  <a className="tag" href={tag.url}>
                    {tag.name}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </section>

        <section className="toc" aria-labelledby="toc-heading">
          <h2 id="toc-heading" className="toc__heading">
            {t.story.tableOfContents}
            <span className="toc__count">{t.story.partsCount(story.numParts)}</span>
          </h2>
          {story.parts.length === 0 ? (
            <p>{t.story.noParts}</p>
          ) : (
            <ol className="toc__list">
              {story.parts.map((part) => (
                <li key={part.id} className="toc__item">
                  <a href={part.url}>
                    <span className="toc__title">{part.title}</span>
                    {part.new && <span className="badge badge--new">{t.story.new}</span>}
                    <span className="toc__date">{formatTimeAgo(part.createDate, now)}</span>
                  </a>
                </li>
              ))}
            </ol>
          )}
        </section>
      </div>
    </article>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <ErrorPage kind="notFound" />;
  return <ErrorPage kind="story" />;
}

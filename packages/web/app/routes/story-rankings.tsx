import { pageTags } from "@inkwell/shared";
import { ArrowLeft } from "lucide";
import { data } from "react-router";
import { apiContext } from "../api/context.ts";
import { Cover } from "../components/cover.tsx";
import { Icon } from "../components/icon.tsx";
import { StoryRouteError } from "../features/story/mature-gate.tsx";
import { t } from "../i18n/index.ts";
import {
  cacheTags,
  forwardLoaderHeaders,
  idFromParam,
  notFoundResponse,
  orNotFound,
} from "../lib/route-data.ts";
import type { Route } from "./+types/story-rankings";

export async function loader({ params, context }: Route.LoaderArgs) {
  const id = idFromParam(params.storyId);
  if (id === null) throw notFoundResponse();
  const story = await orNotFound(context.get(apiContext).storyRankings(id));
  return data(
    { story },
    { headers: cacheTags(pageTags.story(id), pageTags.writer(story.user.username)) },
  );
}

export const headers = forwardLoaderHeaders;

export function meta({ loaderData: data }: Route.MetaArgs) {
  return data ? [{ title: `${t.rankings.title(data.story.title)} · Inkwell` }] : [];
}

/** /story/{id}/rankings: every tag the story ranks in, best first. */
export default function StoryRankingsPage({ loaderData }: Route.ComponentProps) {
  const { story } = loaderData;
  return (
    <article className="rankings-page">
      <header className="rankings-page__header">
        <Cover src={story.cover} title={story.title} width={80} eager />
        <div>
          <h1>{t.rankings.heading}</h1>
          <p>
            <a href={story.url}>{story.title}</a>
            <span className="rankings-page__author"> · {story.user.name}</span>
          </p>
        </div>
      </header>
      <p className="rankings-page__intro">{t.rankings.intro}</p>
      {story.tagRankings.length === 0 ? (
        <p>{t.rankings.empty}</p>
      ) : (
        <ol className="rankings-list" aria-label={t.rankings.heading}>
          {story.tagRankings.map((ranking) => (
            <li key={ranking.name}>
              <span className="rankings-list__rank">#{ranking.rank}</span>
              <a className="tag" href={`/stories/${encodeURIComponent(ranking.name)}`}>
                {ranking.name}
              </a>
            </li>
          ))}
        </ol>
      )}
      <a className="button" href={story.url}>
        <Icon of={ArrowLeft} aria-hidden="true" size={16} />
        {t.rankings.back}
      </a>
    </article>
  );
}

export function ErrorBoundary() {
  return <StoryRouteError otherwise="story" />;
}

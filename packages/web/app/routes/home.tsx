import { apiContext } from "../api/context.ts";
import { BROWSE_TOPICS } from "../components/browse-topics.ts";
import { StoryGrid } from "../components/story-grid.tsx";
import { t } from "../i18n/index.ts";
import type { Route } from "./+types/home";

export async function loader({ context }: Route.LoaderArgs) {
  const api = context.get(apiContext);
  const [popular, fresh] = await Promise.all([
    api.stories({ filter: "hot", limit: 12 }),
    api.stories({ filter: "new", limit: 12 }),
  ]);
  return { popular: popular.stories, fresh: fresh.stories };
}

export function meta() {
  return [{ title: t.home.title }, { name: "description", content: t.home.heroText }];
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <section className="hero" aria-labelledby="hero-heading">
        <h1 id="hero-heading">{t.home.heroHeading}</h1>
        <p>{t.home.heroText}</p>
      </section>
      <section className="page-section" aria-labelledby="popular-heading">
        <h2 id="popular-heading">{t.home.popular}</h2>
        <StoryGrid stories={loaderData.popular} label={t.home.popular} />
      </section>
      <section className="page-section" aria-labelledby="fresh-heading">
        <h2 id="fresh-heading">{t.home.fresh}</h2>
        <StoryGrid stories={loaderData.fresh} label={t.home.fresh} />
      </section>
      <section className="page-section" aria-labelledby="genres-heading">
        <h2 id="genres-heading">{t.home.genres}</h2>
        <ul className="genre-list">
          {BROWSE_TOPICS.map((topic) => (
            <li key={topic.tag}>
              <a className="genre-tile" href={`/stories/${topic.tag}`}>
                {topic.label}
              </a>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}

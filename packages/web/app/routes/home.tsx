import { apiContext } from "../api/context.ts";
import { BROWSE_TOPICS } from "../components/browse-topics.ts";
import { StoryGrid } from "../components/story-grid.tsx";
import { HomeFeed, HomeFeedError } from "../features/home/home-feed.tsx";
import { t } from "../i18n/index.ts";
import type { Route } from "./+types/home";

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = context.get(apiContext);
  // Signed-in readers get their feed; a failed fetch shows the error screen, not a 500.
  const user = request.headers.has("cookie") ? await api.currentUser() : null;
  if (user) {
    const feed = await api.homeFeed().then(
      (answer) => answer.sections,
      (error: unknown) => {
        console.error("fetching home modules failed", error);
        return null;
      },
    );
    return { kind: "feed" as const, sections: feed };
  }
  const [popular, fresh] = await Promise.all([
    api.stories({ filter: "hot", limit: 12 }),
    api.stories({ filter: "new", limit: 12 }),
  ]);
  return { kind: "landing" as const, popular: popular.stories, fresh: fresh.stories };
}

export function meta() {
  return [{ title: t.home.title }, { name: "description", content: t.home.heroText }];
}

/** / and /home: the reader's feed when signed in, else the visitors' landing page. */
export default function Home({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === "feed") {
    return loaderData.sections ? <HomeFeed sections={loaderData.sections} /> : <HomeFeedError />;
  }
  return (
    <>
      <section className="hero" aria-labelledby="hero-heading">
        <h1 id="hero-heading">{t.home.heroHeading}</h1>
        <p>{t.home.heroText}</p>
        <p className="hero__actions">
          <a className="button button--primary button--large" href="/signup">
            {t.home.startReading}
          </a>
          <a className="button button--large" href="/signup">
            {t.home.startWriting}
          </a>
        </p>
      </section>
      <section className="page-section" aria-labelledby="how-heading">
        <h2 id="how-heading">{t.home.howItWorks}</h2>
        <ol className="how-it-works">
          {t.home.steps.map((step) => (
            <li key={step.heading}>
              <h3>{step.heading}</h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
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

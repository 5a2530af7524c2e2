import { featuredAutoplayMs } from "@inkwell/shared";
import { apiContext } from "../api/context.ts";
import { firstSections, HomeFeed, HomeFeedError } from "../features/home/home-feed.tsx";
import { LandingPage } from "../features/home/landing-page.tsx";
import { t } from "../i18n/index.ts";
import { loadFeatures } from "../lib/feature-flags.ts";
import type { Route } from "./+types/home";

const POPULAR_SHOWN = 12;

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = context.get(apiContext);
  // Signed-in readers get their feed; a failed fetch shows the error screen, not a 500.
  const user = request.headers.has("cookie") ? await api.currentUser() : null;
  if (user) {
    const [feed, autoplayMs] = await Promise.all([
      api.homeFeed().then(
        (answer) => firstSections(answer.sections),
        (error: unknown) => {
          console.error("fetching home modules failed", error);
          return null;
        },
      ),
      // The featured carousel's pace follows a flag; without the flags it keeps the usual one.
      loadFeatures(api).then(featuredAutoplayMs),
    ]);
    return { kind: "feed" as const, feed, autoplayMs };
  }
  const popular = await api.stories({ filter: "hot", limit: POPULAR_SHOWN });
  return { kind: "landing" as const, popular: popular.stories };
}

export function meta({ loaderData }: Route.MetaArgs) {
  // A signed-in reader's tab and screen reader name their feed, as its heading does.
  const title = loaderData?.kind === "feed" ? `${t.homeFeed.heading} · ${t.brand}` : t.home.title;
  return [{ title }, { name: "description", content: t.landing.heroText }];
}

/** / and /home: the reader's feed when signed in, else the visitors' landing page. */
export default function Home({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === "feed") {
    return loaderData.feed ? (
      <HomeFeed {...loaderData.feed} autoplayMs={loaderData.autoplayMs} />
    ) : (
      <HomeFeedError />
    );
  }
  return <LandingPage popular={loaderData.popular} />;
}

import { redirect } from "react-router";
import { apiContext } from "../api/context.ts";
import { BROWSE_TOPICS } from "../components/browse-topics.ts";
import { RecentSearches } from "../features/search/recent-searches.tsx";
import { resultsPath } from "../features/search/results-path.ts";
import { SearchBar } from "../features/search/search-bar.tsx";
import { t } from "../i18n/index.ts";
import type { Route } from "./+types/search";
import "../styles/search.css";

/**
 * /search: the blank search page (recent searches, Browse Categories). The header's form
 * and the search bar GET /search?q=…, which opens that term's results.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const api = context.get(apiContext);
  const term = new URL(request.url).searchParams.get("q")?.trim();
  if (term) throw redirect(await resultsPath(api, term));
  const recent = await api.recentSearches();
  return { recent };
}

/** Removes one recent search; the page then reloads its list. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const query = form.get("query");
  if (form.get("intent") === "remove" && typeof query === "string" && query.trim()) {
    await context.get(apiContext).removeRecentSearch(query);
  }
  return redirect("/search");
}

export function meta() {
  return [{ title: `${t.search.title} · ${t.brand}` }];
}

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { recent } = loaderData;
  return (
    <section className="page-section search-page" aria-labelledby="search-heading">
      <h1 id="search-heading" className="visually-hidden">
        {t.search.title}
      </h1>
      <SearchBar />
      {recent && <RecentSearches recent={recent} />}
      <section className="browse-tiles" aria-labelledby="browse-heading">
        <h2 id="browse-heading">{t.search.browse}</h2>
        <ul>
          {BROWSE_TOPICS.map((topic) => (
            <li key={topic.tag}>
              <a className="browse-tiles__tile" href={`/stories/${topic.tag}`}>
                {topic.label}
              </a>
            </li>
          ))}
        </ul>
      </section>
    </section>
  );
}

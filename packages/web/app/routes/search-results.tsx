import { redirect } from "react-router";
import { apiContext } from "../api/context.ts";
import { filtersFromUrl, searchPath } from "../features/search/filters.ts";
import { PROFILE_FIRST, ProfileResults } from "../features/search/profile-results.tsx";
import { orEmpty } from "../features/search/results-path.ts";
import { SearchBar } from "../features/search/search-bar.tsx";
import { SearchFilters } from "../features/search/search-filters.tsx";
import { STORY_PAGE, StoryResults } from "../features/search/story-results.tsx";
import { t } from "../i18n/index.ts";
import { useCurrentUser } from "../lib/current-user.ts";
import { pageUrl } from "../lib/route-data.ts";
import type { Route } from "./+types/search-results";
import "../styles/search.css";
import { SortTabs } from "../components/sort-tabs.tsx";

const MAX_OFFSET = 10_000;

/** /search/{term}/stories and /search/{term}/people (the Profiles tab). */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const term = (params.term ?? "").trim();
  if (!term) throw redirect("/search");
  const url = pageUrl(request);
  const tab = url.pathname.endsWith("/people") ? "people" : "stories";
  const offsetParam = Number(url.searchParams.get("offset") ?? "0");
  const offset =
    Number.isInteger(offsetParam) && offsetParam > 0 ? Math.min(offsetParam, MAX_OFFSET) : 0;
  const api = context.get(apiContext);
  // A signed-in reader's search joins their recent searches; visitors get a 401, ignored.
  const remembered = offset === 0 ? api.addRecentSearch(term).catch(() => null) : null;
  const filters = filtersFromUrl(url.searchParams);
  const [stories, people] = await Promise.all([
    tab === "stories"
      ? orEmpty(api.searchStories(term, { limit: STORY_PAGE, offset }, filters), {
          stories: [],
          nextUrl: null,
        })
      : null,
    tab === "people"
      ? orEmpty(api.searchUsers(term, { limit: PROFILE_FIRST, offset }), {
          users: [],
          nextUrl: null,
        })
      : null,
    remembered,
  ]);
  return { term, tab, offset, filters, stories, people };
}

export function meta({ loaderData: data }: Route.MetaArgs) {
  if (!data) return [];
  return [
    { title: `${t.search.resultsTitle(data.term)} · ${t.brand}` },
    { name: "description", content: t.search.resultsDescription(data.term) },
  ];
}

export default function SearchResultsPage({ loaderData }: Route.ComponentProps) {
  const { term, tab, offset, filters, stories, people } = loaderData;
  const viewer = useCurrentUser();
  const tabs = [
    { key: "stories", label: t.search.stories },
    { key: "people", label: t.search.profiles },
  ] as const;
  return (
    <section className="page-section search-page" aria-labelledby="results-heading">
      <h1 id="results-heading" className="visually-hidden">
        {t.search.resultsTitle(term)}
      </h1>
      <SearchBar term={term} />
      <SortTabs label={t.search.tabs}>
        {tabs.map(({ key, label }) => (
          <a
            key={key}
            className="sort-tabs__tab"
            href={searchPath(term, key)}
            aria-current={key === tab ? "page" : undefined}
          >
            {label}
          </a>
        ))}
      </SortTabs>
      {/* Keyed by the search: a new term or filter starts the list afresh. */}
      {stories && (
        <div className="search-layout">
          <SearchFilters
            action={searchPath(term, "stories")}
            filters={filters}
            offerHideMature={viewer?.seesMature ?? false}
          />
          <div className="search-layout__results">
            <StoryResults
              key={`${term}?${JSON.stringify(filters)}@${offset}`}
              term={term}
              filters={filters}
              first={stories}
              offset={offset}
            />
          </div>
        </div>
      )}
      {people && (
        <ProfileResults key={`${term}@${offset}`} term={term} first={people} offset={offset} />
      )}
      {/* Without JavaScript every loaded result shows: the steps need it to reveal more. */}
      <noscript>
        <style>
          {"[data-mobile-hidden]{display:revert!important}.page-more--mobile{display:none}"}
        </style>
      </noscript>
    </section>
  );
}

import { cleanUserText, ORIGINALS_CATALOG_URL, pageTags } from "@inkwell/shared";
import { data } from "react-router";
import { browserApi, type StoryCardData, type StoryCardPage } from "../api/client.ts";
import { apiContext } from "../api/context.ts";
import { SortTabs } from "../components/sort-tabs.tsx";
import { StoryCarousel } from "../components/story-carousel.tsx";
import { StoryGrid } from "../components/story-grid.tsx";
import { t } from "../i18n/index.ts";
import { cacheListFor, forwardLoaderHeaders, notFoundResponse } from "../lib/route-data.ts";
import { useSteppedList } from "../lib/use-stepped-list.tsx";
import type { Route } from "./+types/tag";

const PAGE_SIZE = 24;
/** Visitors' tag pages are kept a minute: a list of stories need not be to the second. */
const LIST_CACHE_MS = 60_000;
/** reader.md §2, §9: the 'Hottest Originals' carousel shows up to 7 stories at width 112. */
const ORIGINALS_SHOWN = 7;
const ORIGINALS_WIDTH = 112;
const SORTS = ["hot", "new"] as const;
type Sort = (typeof SORTS)[number];

export async function loader({ params, request, context }: Route.LoaderArgs) {
  // As the API reads it: a tag of nothing but spacing names no tag.
  const tag = cleanUserText(params.tag ?? "").toLowerCase();
  if (tag.length === 0 || tag.length > 128) throw notFoundResponse();
  const query = new URL(request.url).searchParams;
  const page = Number(query.get("page") ?? "1");
  const pageNumber = Number.isInteger(page) && page > 0 && page < 10_000 ? page : 1;
  const sort: Sort = query.get("sort") === "new" ? "new" : "hot";
  const api = context.get(apiContext);
  const [list, originals] = await Promise.all([
    api.stories({ filter: sort, tag, limit: PAGE_SIZE, offset: (pageNumber - 1) * PAGE_SIZE }),
    // The carousel is a bonus: the page stands without it if the call fails.
    pageNumber === 1
      ? api.paidStoriesOfTag(tag, { limit: ORIGINALS_SHOWN, offset: 0 }).then(
          (answer) => answer.stories,
          () => [],
        )
      : [],
  ]);
  return data(
    { tag, list, page: pageNumber, sort, originals },
    {
      headers: cacheListFor(
        LIST_CACHE_MS,
        pageTags.tag(tag),
        ...[...list.stories, ...originals].flatMap((story) => [
          pageTags.listed(story.id),
          pageTags.writer(story.user.username),
        ]),
      ),
    },
  );
}

export const headers = forwardLoaderHeaders;

export function meta({ loaderData: data }: Route.MetaArgs) {
  if (!data) return [];
  return [
    { title: `${t.tag.title(data.tag)} · Inkwell` },
    { name: "description", content: t.tag.description(data.tag) },
  ];
}

const pageUrl = (sort: Sort, page: number) => {
  const params = new URLSearchParams();
  if (sort !== "hot") params.set("sort", sort);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `?${query}` : "?";
};

/** /stories/{tag}: the tag's stories, hot or new, with the tag's hottest Originals on top. */
export default function TagPage({ loaderData }: Route.ComponentProps) {
  const { tag, list, page, sort, originals } = loaderData;
  return (
    <section className="page-section" aria-labelledby="tag-heading">
      <header className="page-heading">
        <h1 id="tag-heading">{t.tag.title(tag)}</h1>
      </header>

      {originals.length > 0 && (
        <section className="originals" aria-labelledby="originals-heading">
          <div className="originals__head">
            <h2 id="originals-heading">{t.tag.originals}</h2>
            <a className="tap-target" href={ORIGINALS_CATALOG_URL}>
              {t.tag.originalsAll}
            </a>
          </div>
          <p className="originals__subheading">{t.tag.originalsSubheading}</p>
          <StoryCarousel stories={originals} fixedWidth={ORIGINALS_WIDTH} label={t.tag.originals} />
        </section>
      )}

      <SortTabs label={t.tag.sortLabel}>
        {SORTS.map((option) => (
          <a
            key={option}
            className="sort-tabs__tab"
            href={pageUrl(option, 1)}
            aria-current={option === sort ? "page" : undefined}
          >
            {option === "hot" ? t.tag.sortHot : t.tag.sortNew}
          </a>
        ))}
      </SortTabs>

      <TagStories key={`${tag}:${sort}:${page}`} tag={tag} sort={sort} page={page} first={list} />
    </section>
  );
}

/**
 * The stories from `page` on. Show more adds the next page below them, as every Show more
 * does, rather than opening it in their place; without scripts it opens that page.
 */
function TagStories({
  tag,
  sort,
  page,
  first,
}: {
  tag: string;
  sort: Sort;
  page: number;
  first: StoryCardPage;
}) {
  const { items, button, failure } = useSteppedList<StoryCardData>({
    first: { items: first.stories, next: first.nextUrl },
    mobileStep: PAGE_SIZE,
    keyOf: (story) => story.id,
    load: async (_next, loaded) => {
      const offset = (page - 1) * PAGE_SIZE + loaded;
      const more = await browserApi().stories({ filter: sort, tag, limit: PAGE_SIZE, offset });
      return { items: more.stories, next: more.nextUrl };
    },
    moreHref: pageUrl(sort, page + 1),
  });
  if (items.length === 0) return <p>{t.tag.empty}</p>;
  return (
    <>
      <StoryGrid stories={items} label={t.tag.storiesHeading(sort)} heading="hidden" />
      {button}
      {failure}
    </>
  );
}

import { genreLabel, isPaidCatalogGroup, ORIGINALS_CATALOG_URL } from "@inkwell/shared";
import { useRef, useState } from "react";
import { Link, useNavigate, useNavigation } from "react-router";
import { browserApi, type StoryCardData } from "../api/client.ts";
import { apiContext } from "../api/context.ts";
import { ErrorLine } from "../components/alert.tsx";
import { StoryCarousel } from "../components/story-carousel.tsx";
import { t } from "../i18n/index.ts";
import type { Bring } from "../lib/more-focus.ts";
import { pageUrl } from "../lib/route-data.ts";
import { useNearEnd } from "../lib/use-near-end.ts";
import type { Route } from "./+types/paid-catalog";
import "../styles/home.css";

/** reader.md §4, §9: tag groups load 4 at a time, the next when the end is within 200 px. */
const GROUPS_PER_LOAD = 4;
const LOAD_MARGIN = "200px";
/**
 * A group's stories come a page at a time, the next as its carousel nears its end: a group
 * of the full catalogue holds ~1,500, too many for one answer or one render.
 */
const STORIES_PER_PAGE = 24;

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = context.get(apiContext);
  const asked = Number(new URL(request.url).searchParams.get("groups"));
  // reader.md §8: a failed catalog or tag call shows empty lists, not an error page.
  const tags = await api.paidStoryTags().then(
    (answer) => answer.tags,
    () => [],
  );
  const shown = Number.isInteger(asked) && asked > GROUPS_PER_LOAD ? asked : GROUPS_PER_LOAD;
  const groups = await Promise.all(
    tags.slice(0, shown).map((tag) =>
      api.paidStoriesOfTag(tag, { limit: STORIES_PER_PAGE, offset: 0 }).then(
        (answer) => ({ tag, stories: answer.stories, hasMore: answer.nextUrl !== null }),
        () => ({ tag, stories: [] as StoryCardData[], hasMore: false }),
      ),
    ),
  );
  const path = pageUrl(request).pathname;
  return {
    groups,
    more: tags.length > shown ? shown + GROUPS_PER_LOAD : null,
    // Two addresses, one view: only the title says which (reader.md §4 Catalogs).
    title: path === ORIGINALS_CATALOG_URL ? t.catalog.originalsTitle : t.catalog.paidTitle,
    path,
  };
}

export const meta = ({ loaderData }: Route.MetaArgs) => [
  { title: `${loaderData?.title ?? t.catalog.paidTitle} · ${t.brand}` },
];

/**
 * /catalog/paidstories and /catalog/inkwelloriginals (reader.md §2 Catalogs): one carousel
 * of paid stories per group (new releases, ongoing, 'for 74 coins or less', then each
 * genre), four groups at first and four more each time the end comes within 200 px, by
 * asking the loader for more groups in place (the More link does the same without JavaScript).
 */
export default function PaidCatalogPage({ loaderData }: Route.ComponentProps) {
  const { groups, more, title, path } = loaderData;
  const navigate = useNavigate();
  const navigation = useNavigation();
  const end = useRef<HTMLAnchorElement>(null);
  const moreUrl = more === null ? null : `${path}?groups=${more}`;
  const [said, say] = useState("");
  useNearEnd(
    end,
    moreUrl && navigation.state === "idle"
      ? () => navigate(moreUrl, { replace: true, preventScrollReset: true })
      : null,
    { margin: LOAD_MARGIN, count: groups.length },
  );

  const shown = groups.filter((group) => group.stories.length > 0);
  return (
    <section className="page-section paid-catalog" aria-labelledby="catalog-heading">
      <h1 id="catalog-heading">{title}</h1>
      <p>{t.catalog.intro}</p>
      {shown.length === 0 && <p>{t.catalog.empty}</p>}
      {shown.map((group) => (
        <CatalogGroup key={group.tag} {...group} onLoaded={say} />
      ))}
      {moreUrl && (
        <Link
          ref={end}
          className="button paid-catalog__more"
          to={moreUrl}
          replace
          preventScrollReset
        >
          {t.catalog.moreGroups}
        </Link>
      )}
      <p className="visually-hidden" role="status">
        {said}
      </p>
    </section>
  );
}

/**
 * One group's carousel, its first page from the loader and the next ones fetched here as the
 * reader nears its end or presses More stories; `onLoaded` says what a page added.
 */
function CatalogGroup({
  tag,
  stories: first,
  hasMore: firstHasMore,
  onLoaded,
}: {
  tag: string;
  stories: StoryCardData[];
  hasMore: boolean;
  onLoaded: (message: string) => void;
}) {
  // The loader's first page seeds the group once; asking for more groups reloads it, and
  // the pages the reader already walked stay.
  const [pages, setPages] = useState({
    stories: first,
    offset: first.length,
    hasMore: firstHasMore,
  });
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  // A group of the catalog's own (new, ongoing, deals) has no tag page to see it all on.
  const own = isPaidCatalogGroup(tag);
  const label = isPaidCatalogGroup(tag) ? t.catalog.groups[tag] : genreLabel(tag);
  const headingId = `catalog-${tag.replace("~", "group-")}`;

  const load = async (bring: Bring) => {
    if (busy) return;
    setBusy(true);
    try {
      const page = await browserApi().paidStoriesOfTag(tag, {
        limit: STORIES_PER_PAGE,
        offset: pages.offset,
      });
      // A story whose reads moved it between pages since the last one is shown once.
      const seen = new Set(pages.stories.map((story) => story.id));
      const fresh = page.stories.filter((story) => !seen.has(story.id));
      const stories = [...pages.stories, ...fresh];
      const hasMore = page.nextUrl !== null;
      bring(() => {
        setPages({ stories, offset: pages.offset + page.stories.length, hasMore });
        setFailed(false);
      });
      onLoaded(t.catalog.loaded(fresh.length, label, stories.length, hasMore));
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="paid-catalog__group" aria-labelledby={headingId}>
      <div className="paid-catalog__head">
        <h2 id={headingId}>{label}</h2>
        {!own && <a href={`/stories/${tag}`}>{t.catalog.seeGenre(label)}</a>}
      </div>
      <StoryCarousel
        stories={pages.stories}
        label={label}
        more={{ hasMore: pages.hasMore, busy, load: (bring) => void load(bring) }}
      />
      <ErrorLine text={failed && t.catalog.moreFailed(label)} />
    </section>
  );
}

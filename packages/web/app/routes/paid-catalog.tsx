import {
  genreLabel,
  isPaidCatalogGroup,
  ORIGINALS_CATALOG_URL,
  type StoryCard,
} from "@inkwell/shared";
import { useEffect, useRef } from "react";
import { Link, useNavigate } from "react-router";
import { apiContext } from "../api/context.ts";
import { StoryCarousel } from "../components/story-carousel.tsx";
import { t } from "../i18n/index.ts";
import type { Route } from "./+types/paid-catalog";
import "../styles/home.css";

/** reader.md §4, §9: tag groups load 4 at a time, the next when the end is within 200 px. */
const GROUPS_PER_LOAD = 4;
const LOAD_MARGIN = "200px";
/** A group is a carousel: its first stories are enough; the genre's page has the rest. */
const STORIES_PER_GROUP = 24;

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
      api.paidStoriesOfTag(tag, STORIES_PER_GROUP).then(
        (answer) => ({ tag, stories: answer.stories }),
        () => ({ tag, stories: [] as StoryCard[] }),
      ),
    ),
  );
  const path = new URL(request.url).pathname;
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
  const end = useRef<HTMLAnchorElement>(null);
  const moreUrl = more === null ? null : `${path}?groups=${more}`;

  useEffect(() => {
    const target = end.current;
    if (!moreUrl || !target || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        navigate(moreUrl, { replace: true, preventScrollReset: true });
      },
      { rootMargin: LOAD_MARGIN },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [moreUrl, navigate]);

  const shown = groups.filter((group) => group.stories.length > 0);
  return (
    <section className="page-section paid-catalog" aria-labelledby="catalog-heading">
      <h1 id="catalog-heading">{title}</h1>
      <p>{t.catalog.intro}</p>
      {shown.length === 0 && <p>{t.catalog.empty}</p>}
      {shown.map((group) => {
        // A group of the catalog's own (new, ongoing, deals) has no tag page to see it all on.
        const own = isPaidCatalogGroup(group.tag);
        const label = isPaidCatalogGroup(group.tag)
          ? t.catalog.groups[group.tag]
          : genreLabel(group.tag);
        const headingId = `catalog-${group.tag.replace("~", "group-")}`;
        return (
          <section key={group.tag} className="paid-catalog__group" aria-labelledby={headingId}>
            <div className="paid-catalog__head">
              <h2 id={headingId}>{label}</h2>
              {!own && <a href={`/stories/${group.tag}`}>{t.catalog.seeGenre(label)}</a>}
            </div>
            <StoryCarousel stories={group.stories} label={label} />
          </section>
        );
      })}
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
    </section>
  );
}

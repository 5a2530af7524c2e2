import { abbreviateCount } from "@inkwell/shared";
import { apiContext } from "../api/context.ts";
import { StoryGrid } from "../components/story-grid.tsx";
import { t } from "../i18n/index.ts";
import { notFoundResponse } from "../lib/route-data.ts";
import type { Route } from "./+types/tag";

const PAGE_SIZE = 24;

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const tag = (params.tag ?? "").toLowerCase();
  if (tag.length === 0 || tag.length > 128) throw notFoundResponse();
  const page = Number(new URL(request.url).searchParams.get("page") ?? "1");
  const pageNumber = Number.isInteger(page) && page > 0 && page < 10_000 ? page : 1;
  const list = await context
    .get(apiContext)
    .stories({ filter: "hot", tag, limit: PAGE_SIZE, offset: (pageNumber - 1) * PAGE_SIZE });
  return { tag, list, page: pageNumber };
}

export function meta({ loaderData: data }: Route.MetaArgs) {
  return data ? [{ title: `${t.tag.title(data.tag)} · Inkwell` }] : [];
}

export default function TagPage({ loaderData }: Route.ComponentProps) {
  const { tag, list, page } = loaderData;
  return (
    <section className="page-section" aria-labelledby="tag-heading">
      <header className="page-heading">
        <h1 id="tag-heading">{t.tag.title(tag)}</h1>
        <p>{t.tag.count(abbreviateCount(list.total))}</p>
      </header>
      {list.stories.length === 0 ? (
        <p>{t.tag.empty}</p>
      ) : (
        <StoryGrid stories={list.stories} label={t.tag.title(tag)} />
      )}
      {list.nextUrl && (
        <p className="page-more">
          <a className="button" href={`?page=${page + 1}`}>
            {t.tag.more}
          </a>
        </p>
      )}
    </section>
  );
}

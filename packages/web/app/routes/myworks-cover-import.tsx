import { apiContext } from "../api/context.ts";
import { CoverImport } from "../features/works/cover-import.tsx";
import { t } from "../i18n/index.ts";
import { currentUserOrLogin, idFromParam } from "../lib/route-data.ts";
import type { Route } from "./+types/myworks-cover-import";
import "../styles/writer.css";

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = context.get(apiContext);
  const url = new URL(request.url);
  await currentUserOrLogin(api, request);
  // The signed-in writer's own stories, drafts included: a cover is often made first.
  const { stories } = await api.myWorks();
  return { stories, preselected: idFromParam(url.searchParams.get("storyId") ?? undefined) };
}

export const meta = () => [{ title: `${t.covers.importTitle} · ${t.brand}` }];

/** The cover import screen (writer-paid-contest.md §2). */
export default function CoverImportPage({ loaderData }: Route.ComponentProps) {
  return (
    <article className="cover-import-page">
      <p className="story-editor__back">
        <a href="/myworks">{t.works.heading}</a>
      </p>
      <h1>{t.covers.importTitle}</h1>
      <p>{t.covers.importIntro}</p>
      <CoverImport stories={loaderData.stories} preselected={loaderData.preselected} />
    </article>
  );
}

import { isRouteErrorResponse, useRouteError } from "react-router";
import { ApiRequestError } from "../api/client.ts";
import { apiContext } from "../api/context.ts";
import { ErrorPage } from "../components/error-page.tsx";
import { PartEditor } from "../features/works/part-editor.tsx";
import { opensScheduler } from "../features/works/scheduler-link.ts";
import { t } from "../i18n/index.ts";
import {
  currentUserOrLogin,
  idFromParam,
  notFoundResponse,
  orNotFound,
} from "../lib/route-data.ts";
import type { Route } from "./+types/myworks-write";
import "../styles/writer.css";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const api = context.get(apiContext);
  const url = new URL(request.url);
  // Back here after logging in, the scheduler flag included.
  await currentUserOrLogin(api, request);
  const storyId = idFromParam(params.storyId);
  const partId = idFromParam(params.partId);
  if (storyId === null || partId === null) throw notFoundResponse();
  // Another writer's part is a 404 here: the editor only exists for its author.
  const part = await orNotFound(api.partText(partId)).catch((error: unknown) => {
    if (error instanceof ApiRequestError && error.status === 403) throw notFoundResponse();
    throw error;
  });
  if (part.storyId !== storyId) throw notFoundResponse();
  // The story's details: the publish form opens first when they are missing (§2).
  const [story, { categories }] = await Promise.all([api.work(storyId), api.categories()]);
  return { part, story, categories, scheduling: opensScheduler(url) };
}

export function meta({ loaderData: data }: Route.MetaArgs) {
  if (!data) return [];
  return [{ title: `${data.part.title} · ${t.brand}` }];
}

/** The part editor (writer-paid-contest.md §2). */
export default function WritePage({ loaderData }: Route.ComponentProps) {
  const { part, story, categories, scheduling } = loaderData;
  return (
    <article className="write-page" key={part.id}>
      <h1 className="visually-hidden">{part.title}</h1>
      <PartEditor first={part} story={story} categories={categories} scheduling={scheduling} />
    </article>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <ErrorPage kind="notFound" />;
  return <ErrorPage kind="generic" />;
}

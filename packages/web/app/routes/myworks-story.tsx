import type { Category, EditorWork } from "@inkwell/shared";
import { ChartColumn, Eye } from "lucide";
import { useRef, useState } from "react";
import { isRouteErrorResponse, redirect, useRouteError } from "react-router";
import { ApiRequestError } from "../api/client.ts";
import { apiContext } from "../api/context.ts";
import { Alert } from "../components/alert.tsx";
import { ErrorPage } from "../components/error-page.tsx";
import { Icon } from "../components/icon.tsx";
import { ScriptButton } from "../components/script-button.tsx";
import { ContestBanner } from "../features/contest/contest-banner.tsx";
import { NotesTabLabel } from "../features/notes/notes-tab-label.tsx";
import { StoryNotesPanel } from "../features/notes/story-notes-panel.tsx";
import { DeleteStory } from "../features/works/delete-story.tsx";
import { OwnSale } from "../features/works/own-sale.tsx";
import { StoryDetailsForm } from "../features/works/story-details-form.tsx";
import { TableOfContents } from "../features/works/table-of-contents.tsx";
import { t } from "../i18n/index.ts";
import { idFromParam, notFoundResponse, orNotFound, pageUrl } from "../lib/route-data.ts";
import { rovingMove } from "../lib/use-roving-toolbar.ts";
import { useRowInSight } from "../lib/use-row-in-sight.ts";
import type { Route } from "./+types/myworks-story";
import "../styles/writer.css";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const api = context.get(apiContext);
  const user = request.headers.has("cookie") ? await api.currentUser() : null;
  const path = pageUrl(request).pathname;
  if (!user) throw redirect(`/login?${new URLSearchParams({ nextUrl: path })}`);
  const { categories } = await api.categories();
  if (params.storyId === undefined) return { story: null, categories, staff: false };
  const id = idFromParam(params.storyId);
  if (id === null) throw notFoundResponse();
  // Someone else's story is a 404 here too: the editor exists for its author, and its
  // Story Details for system admins (reader.md §6, edit details).
  const story = await orNotFound(api.work(id)).catch((error: unknown) => {
    if (error instanceof ApiRequestError && error.status === 403) {
      throw notFoundResponse();
    }
    throw error;
  });
  return { story, categories, staff: story.author !== user.username };
}

export function meta({ loaderData: data }: Route.MetaArgs) {
  const title = data?.story ? data.story.title : t.works.newStory;
  return [{ title: `${title} · ${t.brand}` }];
}

type Tab = "details" | "contents" | "notes";

/** The story editor for its writer; a system admin editing someone else's story gets its details. */
export default function StoryEditorPage({ loaderData }: Route.ComponentProps) {
  const { story, categories, staff } = loaderData;
  return story && staff ? (
    <StaffDetailsEditor story={story} categories={categories} />
  ) : (
    <WriterEditor story={story} categories={categories} />
  );
}

/** Story Details, then the Table of Contents and Story Notes once the story exists. */
function WriterEditor({ story, categories }: { story: EditorWork | null; categories: Category[] }) {
  const [tab, setTab] = useState<Tab>(story && story.parts.length > 0 ? "contents" : "details");
  const tabs: Tab[] = story ? ["details", "contents", "notes"] : ["details"];
  const strip = useRef<HTMLDivElement>(null);
  useRowInSight(strip, tab);
  return (
    <article className="story-editor" key={story?.id ?? "new"}>
      <p className="story-editor__back">
        <a href="/myworks">{t.works.heading}</a>
      </p>
      <header className="my-works__header">
        <h1>{story ? story.title : t.works.newStory}</h1>
        {story && (
          <a className="button" href={`/story/${story.id}`}>
            <Icon of={Eye} aria-hidden="true" size={18} />
            {t.works.viewStory}
          </a>
        )}
        {story?.published && (
          <a className="button" href={`/myworks/${story.id}/analytics/`}>
            <Icon of={ChartColumn} aria-hidden="true" size={18} />
            {t.works.analytics}
          </a>
        )}
      </header>
      {story?.published && (
        <ContestBanner
          storyId={story.id}
          focusAfter={() => document.getElementById(`tab-${tab}`)?.focus()}
        />
      )}
      {story?.isPaid && (
        <OwnSale storyId={story.id} sale={story.sale} nextSaleAt={story.nextSaleAt} />
      )}
      <div
        ref={strip}
        className="story-editor__tabs"
        role="tablist"
        aria-label={t.works.storyEditor}
        onKeyDown={(event) => {
          const move = rovingMove(event);
          // From the tab that has focus, which a script may have put on one not yet open.
          const at = tabs.findIndex(
            (name) => event.target === document.getElementById(`tab-${name}`),
          );
          const next = move && tabs[move(at < 0 ? tabs.indexOf(tab) : at, tabs.length)];
          if (!next) return;
          event.preventDefault();
          setTab(next);
          document.getElementById(`tab-${next}`)?.focus();
        }}
      >
        {tabs.map((name) => (
          <ScriptButton
            key={name}
            id={`tab-${name}`}
            role="tab"
            // One Tab stop, on the open tab; the arrows go to the others (WAI-ARIA tabs).
            tabIndex={tab === name ? 0 : -1}
            aria-selected={tab === name}
            aria-controls={`panel-${name}`}
            onClick={() => setTab(name)}
          >
            {name === "notes" ? <NotesTabLabel /> : t.works.tabs[name]}
          </ScriptButton>
        ))}
      </div>
      <section
        id={`panel-${tab}`}
        role="tabpanel"
        aria-labelledby={`tab-${tab}`}
        className="story-editor__panel"
      >
        {!story ? (
          <StoryDetailsForm story={story} categories={categories} />
        ) : tab === "details" ? (
          <>
            <StoryDetailsForm story={story} categories={categories} />
            <DeleteStory story={story} />
          </>
        ) : tab === "contents" ? (
          <TableOfContents storyId={story.id} first={story.parts} />
        ) : (
          <StoryNotesPanel storyId={story.id} />
        )}
      </section>
    </article>
  );
}

/**
 * A system admin's view of another writer's story: its Story Details and cover only. The
 * parts, their prices and the Story Notes stay the writer's.
 */
function StaffDetailsEditor({ story, categories }: { story: EditorWork; categories: Category[] }) {
  return (
    <article className="story-editor">
      <header className="my-works__header">
        <h1>{story.title}</h1>
        <a className="button" href={`/story/${story.id}`}>
          <Icon of={Eye} aria-hidden="true" size={18} />
          {t.works.viewStory}
        </a>
      </header>
      <Alert tone="info">{t.works.staffEditing(story.author)}</Alert>
      <section className="story-editor__panel" aria-label={t.works.tabs.details}>
        <StoryDetailsForm story={story} categories={categories} staff />
      </section>
    </article>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <ErrorPage kind="notFound" />;
  return <ErrorPage kind="generic" />;
}

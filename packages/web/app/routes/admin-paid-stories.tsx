import { storyIdFrom } from "@inkwell/shared";
import { useState } from "react";
import { Form } from "react-router";
import { ApiRequestError } from "../api/client.ts";
import { apiContext } from "../api/context.ts";
import { TextField } from "../components/text-field.tsx";
import { ProgrammeStory } from "../features/paid-programme/programme-story.tsx";
import { t } from "../i18n/index.ts";
import { currentUserOrLogin, notFoundResponse } from "../lib/route-data.ts";
import type { Route } from "./+types/admin-paid-stories";

const text = t.paidProgramme;

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = context.get(apiContext);
  const url = new URL(request.url);
  const user = await currentUserOrLogin(api, request);
  // Only system admins decide what is paid: for anyone else the page is not there.
  if (!user.isSysAdmin) throw notFoundResponse();
  const asked = url.searchParams.get("storyId")?.trim() ?? "";
  if (asked === "") return { asked, view: null, problem: null };
  const storyId = storyIdFrom(asked);
  if (storyId === null) return { asked, view: null, problem: text.storyInvalid };
  const view = await api.paidProgramme(storyId).catch((error: unknown) => {
    if (error instanceof ApiRequestError && error.status === 404) return null;
    throw error;
  });
  return { asked, view, problem: view ? null : text.notFound };
}

export const meta = () => [{ title: `${text.title} · ${t.brand}` }];

/**
 * /admin/paid_stories_manager?storyId={id} (reader.md §6, the admin panel's paid story
 * manage): a system admin finds a story, then puts it in the Paid Stories programme or
 * takes it out (decision 045).
 */
export default function PaidStoriesManager({ loaderData }: Route.ComponentProps) {
  const { view, problem } = loaderData;
  const [asked, setAsked] = useState(loaderData.asked);
  return (
    <section className="admin-page" aria-labelledby="paid-manager-heading">
      <h1 id="paid-manager-heading">{text.title}</h1>
      <p>{text.lead}</p>
      {/* A GET form: the story's address is the page's, so it can be shared and reloaded. */}
      <Form className="admin-form paid-manager__find" method="get">
        <TextField
          id="paid-manager-story"
          name="storyId"
          label={text.story}
          value={asked}
          onValue={setAsked}
          hint={text.storyHint}
          error={problem ?? undefined}
          required
        />
        <button className="button" type="submit">
          {text.open}
        </button>
      </Form>
      {view && <ProgrammeStory key={view.storyId} initial={view} />}
    </section>
  );
}

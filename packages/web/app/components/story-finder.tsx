import { storyIdFrom } from "@inkwell/shared";
import { useState } from "react";
import { Form } from "react-router";
import { ApiRequestError } from "../api/client.ts";
import { t } from "../i18n/index.ts";
import { TextField } from "./text-field.tsx";

const text = t.storyFinder;

/** The story a staff page's address asks for: as typed, as loaded, or why there is none. */
export interface FoundStory<T> {
  asked: string;
  found: T | null;
  problem: string | null;
}

/**
 * Reads the story named in the address's `param` (its link or its number) and loads it with
 * `load`. Nothing asked is no problem; a link or number that is not a story is one for the
 * field to show, rather than a 404 the admin can't correct.
 */
export async function findStory<T>(
  url: URL,
  param: string,
  load: (storyId: number) => Promise<T>,
): Promise<FoundStory<T>> {
  const asked = url.searchParams.get(param)?.trim() ?? "";
  if (asked === "") return { asked, found: null, problem: null };
  const storyId = storyIdFrom(asked);
  if (storyId === null) return { asked, found: null, problem: text.storyInvalid };
  const found = await load(storyId).catch((error: unknown) => {
    if (error instanceof ApiRequestError && error.status === 404) return null;
    throw error;
  });
  return { asked, found, problem: found === null ? text.notFound : null };
}

/**
 * The staff pages' Story field and Open button, sending `name` to the page's own address:
 * a GET form, so a story's page there can be shared and reloaded.
 */
export function StoryFinder({
  id,
  name,
  asked,
  problem,
}: {
  id: string;
  name: string;
  asked: string;
  problem: string | null;
}) {
  const [value, setValue] = useState(asked);
  return (
    <Form className="admin-form" method="get">
      <TextField
        id={id}
        name={name}
        label={text.story}
        value={value}
        onValue={setValue}
        hint={text.storyHint}
        error={problem ?? undefined}
        required
      />
      <button className="button" type="submit">
        {text.open}
      </button>
    </Form>
  );
}

import {
  blankNotesContent,
  missingNoteItems,
  type StoryNotes,
  type StoryNotesContent,
} from "@inkwell/shared";
import type { Kysely, Selectable } from "kysely";
import type { Database, StoryNotesTable } from "../db/schema.ts";
import { badRequest, HttpError, notFound } from "../http/errors.ts";
import { isoOrNull } from "../stories/cards.ts";
import type { Viewer } from "../viewer.ts";
import { ownStory } from "../works/access.ts";

/** What POST /v5/stories saves: the notes of a story, named by its id or by the notes' id. */
export interface NotesSave {
  storyId?: number;
  id?: number | null;
  content: StoryNotesContent;
  submit: boolean;
}

function shape(row: Selectable<StoryNotesTable>): StoryNotes {
  return {
    id: Number(row.id),
    story_id: Number(row.story_id),
    ...(JSON.parse(row.notes) as StoryNotesContent),
    updated_at: isoOrNull(row.updated_at),
    submitted_at: isoOrNull(row.submitted_at),
  };
}

const notesOf = (db: Kysely<Database>, storyId: number) =>
  db.selectFrom("story_notes").selectAll().where("story_id", "=", storyId).executeTakeFirst();

/** A story's notes, for its author only; blank (id null) until first saved. */
export async function storyNotes(
  db: Kysely<Database>,
  viewer: Viewer,
  storyId: number,
): Promise<StoryNotes> {
  await ownStory(db, viewer, storyId, "Only the author can see this story's notes.");
  const row = await notesOf(db, storyId);
  if (row) return shape(row);
  return {
    id: null,
    story_id: storyId,
    ...blankNotesContent(),
    updated_at: null,
    submitted_at: null,
  };
}

/** The story a save is for: story_id, or the story of the saved notes `id` (they must agree). */
async function storyOfSave(db: Kysely<Database>, save: NotesSave): Promise<number> {
  if (save.id === undefined || save.id === null) {
    if (save.storyId === undefined) {
      throw badRequest("story_id names the story these notes are for", {
        story_id: "story_id names the story these notes are for",
      });
    }
    return save.storyId;
  }
  const row = await db
    .selectFrom("story_notes")
    .select("story_id")
    .where("id", "=", save.id)
    .executeTakeFirst();
  if (!row) throw notFound("The story notes");
  if (save.storyId !== undefined && save.storyId !== Number(row.story_id)) {
    throw badRequest("id is not the id of this story's notes", {
      id: "id is not the id of this story's notes",
    });
  }
  return Number(row.story_id);
}

/**
 * Saves a story's notes (already trimmed and within their limits), replacing what was there.
 * Submitting needs every item filled in (§4) and keeps a copy of what was submitted.
 */
export async function saveStoryNotes(
  db: Kysely<Database>,
  viewer: Viewer,
  save: NotesSave,
): Promise<StoryNotes> {
  const storyId = await storyOfSave(db, save);
  await ownStory(db, viewer, storyId).catch((error: unknown) => {
    // Notes named by their id, of a story hidden from the viewer, are as unknown as the id.
    if (save.id != null && error instanceof HttpError && error.status === 404) {
      throw notFound("The story notes");
    }
    throw error;
  });
  const missing = missingNoteItems(save.content);
  if (save.submit && missing.length > 0) {
    throw new HttpError(
      400,
      "notes_incomplete",
      "Your Story Notes are not complete: fill in every field before submitting.",
      Object.fromEntries(missing.map((path) => [path, "Fill this in before submitting"])),
    );
  }
  const now = Date.now();
  const notes = JSON.stringify(save.content);
  const submitted = save.submit ? { submitted_notes: notes, submitted_at: now } : {};
  const row = await db
    .insertInto("story_notes")
    .values({ story_id: storyId, notes, created_at: now, updated_at: now, ...submitted })
    .onConflict((conflict) =>
      conflict.column("story_id").doUpdateSet({ notes, updated_at: now, ...submitted }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
  return shape(row);
}

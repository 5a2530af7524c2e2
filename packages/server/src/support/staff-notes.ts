import type { StaffNote } from "@inkwell/shared";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { iso } from "../stories/cards.ts";
import type { Viewer } from "../viewer.ts";

/** A staff note as stored, on a report or a story: who wrote it is kept by name. */
export interface StaffNoteRow {
  id: number;
  author_username: string | null;
  body: string;
  created_at: number;
}

export const toStaffNote = (row: StaffNoteRow): StaffNote => ({
  id: Number(row.id),
  author: row.author_username,
  body: row.body,
  createdAt: iso(row.created_at),
});

/** A new note as both note tables keep it: its author, by id and by name, its words and time. */
export const authoredNote = (viewer: Viewer, body: string, now: number) => ({
  author_id: viewer.id,
  author_username: viewer.username,
  body,
  created_at: now,
});

/** Files a note on a story as the viewer's: an admin's own, or the record of a staff change. */
export async function insertStoryStaffNote(
  db: Kysely<Database>,
  viewer: Viewer,
  storyId: number,
  body: string,
  now = Date.now(),
): Promise<StaffNote> {
  const note = authoredNote(viewer, body, now);
  const row = await db
    .insertInto("story_staff_notes")
    .values({ story_id: storyId, ...note })
    .returning("id")
    .executeTakeFirstOrThrow();
  return toStaffNote({ id: row.id, ...note });
}

import type { StaffNote } from "@inkwell/shared";
import { iso } from "../stories/cards.ts";

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

import type { StoryNotes, StoryNotesInput } from "@inkwell/shared";
import { json, type Requests } from "./http.ts";

export const notesCalls = ({ get, call }: Requests) => ({
  storyNotes: (storyId: number) => get<StoryNotes>(`/v5/stories/${storyId}/notes`),
  /** Saves (or with submit: true, submits) a story's notes: POST /v5/stories. */
  saveStoryNotes: (notes: StoryNotesInput) => call<StoryNotes>("/v5/stories", json("POST", notes)),
});

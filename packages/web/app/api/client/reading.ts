import type { PartDetails, ReaderSettings, ReadingPosition, ReadResult } from "@inkwell/shared";
import { json, noBody, type Requests } from "./http.ts";

/** The reading page: the part, votes, reads, where the reader left off, their settings. */
export const readingCalls = ({ get, call, orNullForVisitors }: Requests) => ({
  part: (id: number) => get<PartDetails>(`/api/v3/story_parts/${id}`),
  /**
   * Votes for a part (on) or takes the vote back (off); answers the new state. keepalive: the
   * button turns at once, and a reader who closes the page straight after still votes.
   */
  vote: (storyId: number, partId: number, on: boolean) =>
    call<{ voted: boolean; votes: number }>(`/api/v3/stories/${storyId}/parts/${partId}/votes`, {
      ...noBody(on ? "POST" : "DELETE"),
      keepalive: true,
    }),
  /** Where the signed-in reader left a story, or null for a visitor. */
  readingPosition: (storyId: number) =>
    orNullForVisitors<ReadingPosition>(`/apiv2/syncreadingposition?story_id=${storyId}`),
  saveReadingPosition: (storyId: number, partId: number, position: number) =>
    call<ReadingPosition>(
      "/apiv2/syncreadingposition",
      json("POST", { story_id: storyId, part_id: partId, position }),
    ),
  /** Counts one read of a part (the reading page decides when a visit is a read). */
  recordRead: (partId: number) =>
    call<ReadResult>(`/api/v3/story_parts/${partId}/reads`, noBody("POST")),
  /** The signed-in reader's reading-page settings, or null for a visitor (see the cookie). */
  readerSettings: () => orNullForVisitors<ReaderSettings>("/api/v3/users/me/reader-settings"),
  saveReaderSettings: (settings: ReaderSettings) =>
    call<ReaderSettings>("/api/v3/users/me/reader-settings", json("PUT", settings)),
});

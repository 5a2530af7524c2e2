import type { CoverSource } from "@inkwell/shared";
import type { Kysely } from "kysely";
import { recordCoverAdd } from "../analytics/events.ts";
import type { Database } from "../db/schema.ts";
import { storyChanged } from "../events.ts";
import { assertNotTimedOut } from "../moderation/service.ts";
import { insertStoryStaffNote } from "../support/staff-notes.ts";
import { tellWriter } from "../support/tell-writer.ts";
import type { Viewer } from "../viewer.ts";
import { detailsEditableStory, editsAsStaff, ownPart } from "../works/access.ts";
import { readUploadedImage, storeCoverImage, storePartImage } from "./uploads.ts";

/**
 * POST /apiv2/updatestorycover: the author's (or a system admin's) new cover, stored at every size, becomes the
 * story's cover wherever covers show. The one place a story's cover is written (besides
 * seeding), so moderation can hook into it, and where an author's cover add is counted with
 * its `source`. The old files stay: cached pages may still name them for a moment.
 */
export async function setStoryCover(
  db: Kysely<Database>,
  mediaDir: string,
  viewer: Viewer,
  storyId: number,
  base64: string,
  baseUrl: string,
  source: CoverSource,
) {
  const story = await detailsEditableStory(db, viewer, storyId);
  const byStaff = editsAsStaff(story, viewer);
  assertNotTimedOut(viewer);
  const bytes = await readUploadedImage(base64);
  const cover = await storeCoverImage(mediaDir, storyId, bytes);
  const now = Date.now();
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("stories")
      // A new cover replaces one moderators flagged: the banned-image notice goes with it.
      .set({ cover, banned_cover: null, ...(!byStaff && { modify_date: now }) })
      .where("id", "=", storyId)
      .execute();
    if (byStaff) await insertStoryStaffNote(trx, viewer, storyId, "Changed the cover.", now);
    else await recordCoverAdd(trx, storyId, source, now);
  });
  storyChanged(storyId);
  if (byStaff) {
    await tellWriter(db, storyId, {
      subject: (title) => `Inkwell staff changed the cover of ${title}`,
      lines: (title) => [
        `Inkwell staff gave your story "${title}" a new cover. You can choose another one in your story editor:`,
        `${baseUrl}/myworks/${storyId}`,
      ],
    });
  }
  return { id: storyId, cover };
}

/** A picture for the part editor: stored, and answered as the URL to put in the text. */
export async function addPartImage(
  db: Kysely<Database>,
  mediaDir: string,
  viewer: Viewer,
  partId: number,
  base64: string,
) {
  await ownPart(db, viewer, partId);
  assertNotTimedOut(viewer);
  return storePartImage(mediaDir, partId, await readUploadedImage(base64));
}

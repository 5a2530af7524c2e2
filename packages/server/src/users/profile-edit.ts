import {
  cleanAbout,
  cleanProfileName,
  type ProfileEdit,
  profileTextProblems,
  type UserProfile,
} from "@inkwell/shared";
import type { Kysely, Updateable } from "kysely";
import type { Database, UsersTable } from "../db/schema.ts";
import { writerChanged } from "../events.ts";
import { badRequest } from "../http/errors.ts";
import { readUploadedImage, storeAvatarImage, storeProfileBackground } from "../media/uploads.ts";
import { assertNotTimedOut } from "../moderation/service.ts";
import { assertIsViewer, type Viewer } from "../viewer.ts";
import { getProfile } from "./service.ts";

/**
 * PATCH /api/v3/users/{username}: the signed-in user changes their own profile. Everything
 * is checked (texts, then both images' bytes) before anything is written, so a refusal
 * changes nothing; the row is then updated in one statement. Answers the profile as its
 * owner now sees it. Visitors' cached pages that show the name or avatar are dropped.
 */
export async function editProfile(
  db: Kysely<Database>,
  mediaDir: string,
  viewer: Viewer,
  username: string,
  edit: ProfileEdit,
): Promise<UserProfile> {
  assertIsViewer(viewer, username, "You can only edit your own profile.");
  assertNotTimedOut(viewer);
  const problems = profileTextProblems(edit);
  if (problems.name || problems.description) {
    throw badRequest(problems.name ?? problems.description ?? "", { ...problems });
  }
  const [avatar, background] = await Promise.all([
    typeof edit.avatar === "string" ? readUploadedImage(edit.avatar) : null,
    typeof edit.background === "string" ? readUploadedImage(edit.background) : null,
  ]);

  const changes: Updateable<UsersTable> = {};
  if (edit.name !== undefined) changes.name = cleanProfileName(edit.name);
  if (edit.description !== undefined) changes.description = cleanAbout(edit.description);
  if (edit.highlight_colour !== undefined) changes.highlight_colour = edit.highlight_colour;
  // A picture chosen or removed replaces one moderators hid: its notice goes with it.
  if (edit.avatar !== undefined) {
    changes.avatar = avatar ? await storeAvatarImage(mediaDir, viewer.id, avatar) : null;
    changes.banned_avatar = null;
  }
  if (edit.background !== undefined) {
    changes.background_url = background
      ? await storeProfileBackground(mediaDir, viewer.id, background)
      : null;
    changes.banned_background = null;
  }
  if (Object.keys(changes).length > 0) {
    await db.updateTable("users").set(changes).where("id", "=", viewer.id).execute();
  }
  // Stories' pages and lists show the name and avatar: visitors' cached copies go.
  if (changes.name !== undefined || changes.avatar !== undefined) writerChanged(viewer.username);
  return getProfile(db, viewer.username, viewer);
}

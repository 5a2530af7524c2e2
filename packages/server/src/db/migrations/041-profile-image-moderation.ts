import type { Kysely } from "kysely";

/**
 * A profile picture or background that moderators hid: moved here from `avatar` or
 * `background_url`, so every public path stops showing it without knowing of moderation,
 * and only its owner sees it, with the banned-image notice (as `stories.banned_cover`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("users").addColumn("banned_avatar", "text").execute();
  await db.schema.alterTable("users").addColumn("banned_background", "text").execute();
}

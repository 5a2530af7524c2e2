import { canUseTheme, type ReaderSettings, readerSettingsFrom } from "@inkwell/shared";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { HttpError } from "../http/errors.ts";
import type { Viewer } from "../viewer.ts";

/** The reader's stored settings (absent until they first change one) and Premium flag. */
async function storedSettings(db: Kysely<Database>, viewer: Viewer) {
  return db
    .selectFrom("users")
    .leftJoin("reader_settings", "reader_settings.user_id", "users.id")
    .select(["users.is_premium", "font_size", "line_spacing", "theme"])
    .where("users.id", "=", viewer.id)
    .executeTakeFirstOrThrow();
}

/** The reader's settings, the defaults for any never chosen (see readerSettingsFrom). */
export async function getReaderSettings(
  db: Kysely<Database>,
  viewer: Viewer,
): Promise<ReaderSettings> {
  const row = await storedSettings(db, viewer);
  return readerSettingsFrom(
    {
      fontSize: row.font_size ?? undefined,
      lineSpacing: row.line_spacing ?? undefined,
      theme: row.theme ?? undefined,
    },
    row.is_premium === 1,
  );
}

/** Saves every setting at once; premium themes are refused to readers without Premium. */
export async function saveReaderSettings(
  db: Kysely<Database>,
  viewer: Viewer,
  settings: ReaderSettings,
  now = Date.now(),
): Promise<ReaderSettings> {
  const { is_premium } = await storedSettings(db, viewer);
  if (!canUseTheme(settings.theme, is_premium === 1)) {
    throw new HttpError(403, "premium_required", "Premium themes are for Premium subscribers.");
  }
  const values = {
    font_size: settings.fontSize,
    line_spacing: settings.lineSpacing,
    theme: settings.theme,
    updated_at: now,
  };
  await db
    .insertInto("reader_settings")
    .values({ user_id: viewer.id, ...values })
    .onConflict((oc) => oc.column("user_id").doUpdateSet(values))
    .execute();
  return settings;
}

import {
  type FeatureName,
  type FeatureSettingName,
  type Features,
  featuresFrom,
  messagingEnded,
} from "@inkwell/shared";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { badRequest, HttpError } from "../http/errors.ts";
import type { Viewer } from "../viewer.ts";

/** GET /api/v3/internal/features: the flags and settings system admins set, over defaults. */
export async function readFeatures(db: Kysely<Database>, now = Date.now()): Promise<Features> {
  const [flags, settings] = await Promise.all([
    db.selectFrom("feature_flags").select(["name", "enabled"]).execute(),
    db.selectFrom("feature_settings").select(["name", "value"]).execute(),
  ]);
  return featuresFrom(
    Object.fromEntries(flags.map((row) => [row.name, row.enabled === 1])),
    Object.fromEntries(settings.map((row) => [row.name, row.value])),
    now,
  );
}

const MESSAGING_END_PASSED = "That day is over: messaging can end today at the earliest.";

function requireSysAdmin(viewer: Viewer): void {
  if (!viewer.isSysAdmin)
    throw new HttpError(403, "forbidden", "Only system administrators can change features.");
}

/** Only system admins set flags. */
export async function setFeature(
  db: Kysely<Database>,
  viewer: Viewer,
  name: FeatureName,
  enabled: boolean,
) {
  requireSysAdmin(viewer);
  const row = { name, enabled: enabled ? (1 as const) : (0 as const), updated_at: Date.now() };
  await db
    .insertInto("feature_flags")
    .values(row)
    .onConflict((oc) =>
      oc.column("name").doUpdateSet({ enabled: row.enabled, updated_at: row.updated_at }),
    )
    .execute();
}

/**
 * Only system admins set a feature setting; null clears it. A messaging end date must be
 * today or later: a day already over would end messaging, and delete every conversation,
 * by a slip of the keyboard.
 */
export async function setFeatureSetting(
  db: Kysely<Database>,
  viewer: Viewer,
  name: FeatureSettingName,
  value: string | null,
  now = Date.now(),
) {
  requireSysAdmin(viewer);
  if (name === "messaging_end_date" && messagingEnded(value, now)) {
    throw badRequest(MESSAGING_END_PASSED, { value: MESSAGING_END_PASSED });
  }
  if (value === null) {
    await db.deleteFrom("feature_settings").where("name", "=", name).execute();
    return;
  }
  const row = { name, value, updated_at: Date.now() };
  await db
    .insertInto("feature_settings")
    .values(row)
    .onConflict((oc) =>
      oc.column("name").doUpdateSet({ value: row.value, updated_at: row.updated_at }),
    )
    .execute();
}

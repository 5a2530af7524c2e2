import type { DatabaseHandle } from "./db/connection.ts";
import { migrateToLatest } from "./db/migrate.ts";
import { computeTagRankings } from "./rankings/job.ts";
import type { DemoSize } from "./seed/demo.ts";
import { isEmpty } from "./seed/empty.ts";

export interface PrepareOptions {
  mediaDir: string;
  /** NODE_ENV=production: no demo content unless explicitly asked for. */
  production: boolean;
  seedDemo: boolean;
  demoSize?: DemoSize;
}

/**
 * Brings a database up to date before serving: always migrate; seed the demo catalogue
 * only into an empty database, and in production only when asked. Safe to run at every
 * start, so restarting never loses or duplicates anything.
 */
export async function prepareDatabase(
  handle: DatabaseHandle,
  options: PrepareOptions,
): Promise<"seeded" | "migrated"> {
  await migrateToLatest(handle.db);
  const allowed = !options.production || options.seedDemo;
  if (!allowed || !(await isEmpty(handle.db))) return "migrated";
  // Loaded only to seed: the demo's generator and texts are megabytes a server never needs.
  const { seedDemo } = await import("./seed/demo.ts");
  await seedDemo(handle.db, { mediaDir: options.mediaDir, size: options.demoSize });
  // Rank the new catalogue now, so its first pages already show ranks and recommendations.
  await computeTagRankings(handle.db);
  return "seeded";
}

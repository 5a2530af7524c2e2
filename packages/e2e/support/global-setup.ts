import { rm } from "node:fs/promises";
import type { TestProject } from "vitest/node";
import { startServer } from "./server.ts";

/**
 * Seeds the demo catalogue once for the whole end-to-end run: the product starts on an empty
 * data directory, seeds it and is stopped, and each file's server starts on a copy of it.
 */
export default async function seedOnce(project: TestProject) {
  const seeded = await startServer({ keepData: true });
  await seeded.stop();
  project.provide("seededDataDir", seeded.dataDir);
  return () => rm(seeded.dataDir, { recursive: true, force: true });
}

/**
 * What a visitor's page costs the server's thread, without HTTP or a load generator: random
 * pages of each benched route rendered one at a time through the whole site (routing, the
 * loaders' API calls, React, the page cache turned off), and the same pages' API calls
 * alone. Times are the thread's CPU time (process.cpuUsage), so other work on a shared
 * machine barely moves them: compare changes with this before a full `npm run bench`.
 *
 *   node bench/page-cost.ts [--requests 400] [--only api,story,part,rankings,tag]
 */
import { DatabaseSync } from "node:sqlite";
import { parseArgs } from "node:util";
import { buildWebIfNeeded } from "../scripts/build-web.ts";
import { benchDatabasePath, benchDataDir, printColumns } from "./harness.ts";

// React and React Router's production builds, as the server runs them: set before anything
// loads React, hence the server's modules are imported below.
process.env.NODE_ENV = "production";
const { createApi } = await import("../packages/server/src/app.ts");
const { openDatabase } = await import("../packages/server/src/db/connection.ts");
const { migrateToLatest } = await import("../packages/server/src/db/migrate.ts");
const { createSite, loadWebBuild } = await import("../packages/server/src/web.ts");

const { values: args } = parseArgs({
  options: {
    requests: { type: "string", default: "400" },
    only: { type: "string" },
  },
});
const REQUESTS = Number(args.requests);

/** Published, not mature stories with a part, their parts, and tags in use (as bench/http.ts). */
function sample(count: number) {
  const db = new DatabaseSync(benchDatabasePath, { readOnly: true });
  try {
    const column = (sql: string) =>
      (db.prepare(sql).all(count) as Array<{ value: number | string }>).map((row) => row.value);
    return {
      stories: column(
        `SELECT id AS value FROM stories WHERE draft = 0 AND deleted = 0 AND num_parts > 0
           AND rating != 4 ORDER BY random() LIMIT ?`,
      ),
      parts: column(
        `SELECT parts.id AS value FROM parts JOIN stories ON stories.id = parts.story_id
         WHERE parts.draft = 0 AND parts.deleted = 0 AND stories.draft = 0
           AND stories.deleted = 0 AND stories.rating != 4 ORDER BY random() LIMIT ?`,
      ),
      tags: column(
        `SELECT name AS value FROM tags WHERE id IN (SELECT tag_id FROM story_tags)
         ORDER BY random() LIMIT ?`,
      ),
    };
  } finally {
    db.close();
  }
}

buildWebIfNeeded();
const handle = openDatabase({ dataDir: benchDataDir });
await migrateToLatest(handle.db);
// In production an app needs the origin of its emailed links; these pages mail nothing.
const api = createApi(handle, { publicUrl: "http://localhost" });
const site = createSite(api, await loadWebBuild(), {
  mediaDir: "/nonexistent",
  db: handle.db,
  pageCacheMs: 0,
});
const ids = sample(REQUESTS);
const at = (list: ReadonlyArray<number | string>, index: number) => list[index % list.length];

const ROUTES: Record<string, (i: number) => string> = {
  api: (i) => `/api/v3/stories/${at(ids.stories, i)}`,
  story: (i) => `/story/${at(ids.stories, i)}`,
  part: (i) => `/${at(ids.parts, i)}`,
  rankings: (i) => `/story/${at(ids.stories, i)}/rankings`,
  tag: (i) => `/stories/${encodeURIComponent(String(at(ids.tags, i)))}?page=${(i % 5) + 1}`,
};

// The loaders' in-process API calls, recorded to be replayed alone.
let calls: string[] = [];
const request = api.request;
api.request = (input, ...rest) => {
  // Loaders call with a URL on the visitor's origin (web.ts); replayed here by path.
  if (typeof input === "string") calls.push(input);
  else if (input instanceof URL) calls.push(input.pathname + input.search);
  return request(input, ...rest);
};

/** Mean and p95 CPU milliseconds of `count` sequential requests. */
async function cost(request: (i: number) => Response | Promise<Response>, count: number) {
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < count; i++) {
    const before = process.cpuUsage();
    const response = await request(i);
    bytes += (await response.arrayBuffer()).byteLength;
    const used = process.cpuUsage(before);
    times.push((used.user + used.system) / 1000);
  }
  times.sort((a, b) => a - b);
  const mean = times.reduce((sum, time) => sum + time, 0) / times.length;
  return { mean, p95: times[Math.floor(times.length * 0.95)] ?? 0, bytes: bytes / count };
}

const rows: string[][] = [];
for (const [name, path] of Object.entries(ROUTES)) {
  if (args.only && !args.only.split(",").includes(name)) continue;
  // A first pass warms the JIT and SQLite's page cache; the second is measured.
  await cost((i) => site.request(path(i)), Math.min(REQUESTS, 100));
  calls = [];
  const page = await cost((i) => site.request(path(i)), REQUESTS);
  const made = calls;
  const alone = await cost((i) => request(made[i] as string), made.length);
  rows.push([
    name,
    page.mean.toFixed(2),
    page.p95.toFixed(2),
    made.length > 0 ? ((alone.mean * made.length) / REQUESTS).toFixed(2) : "-",
    String(Math.round(page.bytes)),
  ]);
}
printColumns(["route", "page ms", "p95", "its API calls ms", "HTML bytes"], rows, (i) => i > 0);
await handle.close();

/**
 * What a search costs the server's thread, without HTTP or a load generator: the query mix
 * of bench/search.ts, one query at a time, timed two ways:
 * - `work`: the search service with its answer cache off (ranking, cards), every time;
 * - `served`: the API's `request` (routing, validation, the cache, JSON), as the bench's
 *   requests are answered once the cache holds the mix.
 * Times are the thread's CPU time (process.cpuUsage), so other work on a shared machine
 * barely moves them; at 20 connections on one event loop, a request waits for about 20
 * others, so these decide the latencies of bench/search.ts.
 *
 *   node bench/search-cost.ts [--requests 2000] [--only story,people]
 */
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import type { SearchContent, SearchLength, SearchUpdated } from "@inkwell/shared";
import { createApi } from "../packages/server/src/app.ts";
import { openDatabase } from "../packages/server/src/db/connection.ts";
import { migrateToLatest } from "../packages/server/src/db/migrate.ts";
import { searchStories, searchUsers } from "../packages/server/src/search/service.ts";
import { printColumns, root } from "./harness.ts";
import { type Kind, loadVocabulary, pathMaker } from "./search-queries.ts";

const { values: args } = parseArgs({
  options: {
    requests: { type: "string", default: "2000" },
    only: { type: "string" },
  },
});
const REQUESTS = Number(args.requests);
const dataDir = resolve(process.env.BENCH_DATA_DIR ?? join(root, "data-bench"));

/** The shape of a query, read back from its path: one word, two words, or filtered. */
function shapeOf(params: URLSearchParams): string {
  const words = (params.get("query") ?? "").split(" ").length;
  const filtered = [...params.keys()].some((key) => key !== "query" && key !== "limit");
  return filtered ? "filtered" : words > 1 ? "two words" : "one word";
}

const list = <T extends string>(value: string | null) => (value ? value.split(",") : []) as T[];

const handle = openDatabase({ dataDir });
await migrateToLatest(handle.db);
const api = createApi(handle);

/** The service call a path stands for, with the answer cache off. */
function work(path: string): Promise<unknown> {
  const params = new URL(path, "http://bench").searchParams;
  const page = { query: params.get("query") ?? "", limit: Number(params.get("limit")), offset: 0 };
  if (path.startsWith("/v4/search/users/")) {
    return searchUsers(handle.db, handle.engine, page, null, { cached: false });
  }
  const filters = {
    updated: list<SearchUpdated>(params.get("updated")),
    content: list<SearchContent>(params.get("content")),
    length: (params.get("length") ?? "anyLength") as SearchLength,
    hideMature: false,
  };
  return searchStories(handle.db, handle.engine, { ...page, filters }, null, { cached: false });
}

async function served(path: string): Promise<void> {
  const response = await api.request(path);
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
}

/** CPU milliseconds of this thread spent by `run`. */
async function cpuTime(run: () => Promise<unknown>): Promise<number> {
  const before = process.cpuUsage();
  await run();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

const vocabulary = loadVocabulary(join(dataDir, "inkwell.sqlite"));
const only = args.only?.split(",");
const lines: string[][] = [];
for (const kind of ["story", "people"] as Kind[]) {
  if (only && !only.includes(kind)) continue;
  // Warm SQLite's page cache, the prepared statements and the answer cache on the mix.
  const warm = pathMaker(vocabulary, kind, 8);
  for (let i = 0; i < 2000; i++) await served(warm());
  const next = pathMaker(vocabulary, kind, 7);
  const times = new Map<string, { work: number[]; served: number[] }>();
  for (let i = 0; i < REQUESTS; i++) {
    const path = next();
    const workMs = await cpuTime(() => work(path));
    const servedMs = await cpuTime(() => served(path));
    const shapes = ["all"];
    if (kind === "story") shapes.push(shapeOf(new URL(path, "http://bench").searchParams));
    for (const shape of shapes) {
      const entry = times.get(shape) ?? { work: [], served: [] };
      entry.work.push(workMs);
      entry.served.push(servedMs);
      times.set(shape, entry);
    }
  }
  for (const [shape, entry] of times) {
    for (const [what, values] of Object.entries(entry)) {
      const sorted = Float64Array.from(values).sort();
      const at = (p: number) =>
        (sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * p) - 1)] ?? 0).toFixed(2);
      const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
      lines.push([kind, shape, what, String(values.length), mean.toFixed(2), at(0.5), at(0.95)]);
    }
  }
}
printColumns(
  ["search", "queries", "timed", "n", "mean ms", "p50 ms", "p95 ms"],
  lines,
  (i) => i >= 3,
);
await handle.close();

/**
 * HTTP load benchmark on loopback: the real server (over the bench catalogue built by
 * `npm run seed:bench`) beside a bare node:http server measured in the same run, so that
 * the budgets are ratios that carry over between machines. See bench/README.md.
 *
 *   node bench/http.ts [--duration 10] [--warmup 2] [--connections 50] [--only story]
 *                      [--cpu-prof]
 *
 * Exits non-zero when a budget fails, after printing everything.
 */
import { existsSync, mkdirSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { parseArgs } from "node:util";
import { mulberry32 } from "../packages/server/src/seed/random.ts";
import {
  HOME_JS_BUDGET_BYTES,
  type JsReport,
  measureJavaScript,
  STORY_JS_BUDGET_BYTES,
} from "../packages/server/src/testing/first-visit-js.ts";
import { buildWebIfNeeded } from "../scripts/build-web.ts";
import {
  type BenchRequest,
  benchDatabasePath,
  benchDataDir,
  load,
  percentile,
  printColumns,
  readThrough,
  startBare,
  startInkwell,
  stopChild,
} from "./harness.ts";
import { prepareReaders, type Reader } from "./home-readers.ts";

const { values: args } = parseArgs({
  options: {
    duration: { type: "string", default: "10" },
    warmup: { type: "string", default: "2" },
    connections: { type: "string", default: "50" },
    only: { type: "string" },
    "cpu-prof": { type: "boolean", default: false },
  },
});
const DURATION = Number(args.duration);
const WARMUP = Number(args.warmup);
const CONNECTIONS = Number(args.connections);
const HOT_STORIES = 100;
const HOT_SHARE = 0.8;
/** Signed-in readers whose feeds GET /v5/home asks for; the hot shape favours a few. */
const HOME_READERS = 500;
const HOT_READERS = 20;

// ---------------------------------------------------------------------------
// What is measured and what it must reach.

type Shape = "uniform" | "hot";
type RouteKey = "bare" | "api" | "story" | "part" | "rankings" | "tag" | "home";

interface Budget {
  /** Requests per second as a share of the bare server's, same shape, same run. */
  minRatio: number;
  maxP99Ms?: number;
}

const ROUTES: ReadonlyArray<{ key: RouteKey; label: string }> = [
  { key: "bare", label: "bare node:http" },
  { key: "api", label: "GET /api/v3/stories/{id}" },
  { key: "story", label: "GET /story/{id}" },
  { key: "part", label: "GET /{partId}" },
  { key: "rankings", label: "GET /story/{id}/rankings" },
  { key: "tag", label: "GET /stories/{tag}" },
  { key: "home", label: "GET /v5/home (signed in)" },
];

const BUDGETS: Record<Shape, Partial<Record<RouteKey, Budget>>> = {
  uniform: {
    api: { minRatio: 0.2 },
    story: { minRatio: 0.04, maxP99Ms: 300 },
    part: { minRatio: 0.04, maxP99Ms: 300 },
    rankings: { minRatio: 0.04, maxP99Ms: 300 },
    tag: { minRatio: 0.04, maxP99Ms: 300 },
    home: { minRatio: 0.1, maxP99Ms: 300 },
  },
  hot: {
    story: { minRatio: 0.3 },
    part: { minRatio: 0.3 },
    rankings: { minRatio: 0.3 },
    tag: { minRatio: 0.3 },
    home: { minRatio: 0.1, maxP99Ms: 300 },
  },
};

function describeBudget(budget: Budget | undefined): string {
  if (!budget) return "-";
  const ratio = `>=${Math.round(budget.minRatio * 100)}%`;
  return budget.maxP99Ms === undefined ? ratio : `${ratio}, p99<${budget.maxP99Ms}ms`;
}

// ---------------------------------------------------------------------------
// Ids: only published stories and parts of published stories (the rest are 404s).

interface Ids {
  stories: Int32Array;
  parts: Int32Array;
  hotStories: number[];
  /** The first published part of each hot story. */
  hotParts: number[];
  /** Every tag in use, the most used first. */
  tags: string[];
}

function loadIds(): Ids {
  const db = new DatabaseSync(benchDatabasePath);
  try {
    const column = (sql: string, size: number): Int32Array => {
      const ids = new Int32Array(size);
      let count = 0;
      for (const row of db.prepare(sql).iterate()) ids[count++] = Number(row.id);
      return ids.subarray(0, count);
    };
    const counts = db
      .prepare(
        "SELECT (SELECT count(*) FROM stories) AS stories, (SELECT count(*) FROM parts) AS parts",
      )
      .get() as { stories: number; parts: number };
    // Visitors get a gate (403) for mature stories (rating 4): they are left out too.
    const stories = column(
      `SELECT id FROM stories WHERE draft = 0 AND deleted = 0 AND num_parts > 0 AND rating != 4
       ORDER BY id`,
      counts.stories,
    );
    const parts = column(
      `SELECT parts.id FROM parts JOIN stories ON stories.id = parts.story_id
       WHERE parts.draft = 0 AND parts.deleted = 0 AND stories.draft = 0 AND stories.deleted = 0
         AND stories.rating != 4
       ORDER BY parts.id`,
      counts.parts,
    );
    const tags = db
      .prepare(
        `SELECT tags.name FROM tags JOIN story_tags ON story_tags.tag_id = tags.id
         GROUP BY tags.id ORDER BY count(*) DESC, tags.name`,
      )
      .all() as Array<{ name: string }>;
    // The hot set is what a front page sends traffic to: the most-read stories.
    const hot = db
      .prepare(
        `SELECT id, (SELECT id FROM parts WHERE story_id = stories.id AND draft = 0 AND deleted = 0
                     ORDER BY position LIMIT 1) AS first_part
         FROM stories WHERE draft = 0 AND deleted = 0 AND num_parts > 0 AND rating != 4
         ORDER BY read_count DESC, id LIMIT ?`,
      )
      .all(HOT_STORIES) as Array<{ id: number; first_part: number }>;
    return {
      stories,
      parts,
      hotStories: hot.map((row) => Number(row.id)),
      hotParts: hot.map((row) => Number(row.first_part)),
      tags: tags.map((row) => row.name),
    };
  } finally {
    db.close();
  }
}

function pathMaker(
  ids: Ids,
  readers: Reader[],
  route: RouteKey,
  shape: Shape,
  seed: number,
): () => BenchRequest {
  const rand = mulberry32(seed);
  const onParts = route === "part";
  const all = onParts ? ids.parts : ids.stories;
  const hot = onParts ? ids.hotParts : ids.hotStories;
  const pickId = (): number =>
    shape === "hot" && rand() < HOT_SHARE
      ? (hot[Math.floor(rand() * hot.length)] as number)
      : (all[Math.floor(rand() * all.length)] as number);
  switch (route) {
    case "api":
      return () => `/api/v3/stories/${pickId()}`;
    case "part":
      return () => `/${pickId()}`;
    case "rankings":
      return () => `/story/${pickId()}/rankings`;
    case "tag":
      return tagPathMaker(ids.tags, shape, rand);
    case "home":
      return homeRequestMaker(readers, shape, rand);
    default:
      // The bare server ignores the path; it gets story pages' paths all the same.
      return () => `/story/${pickId()}`;
  }
}

/**
 * Each request is one reader's feed with the app's cache-busting value; uniform spreads
 * over every bench reader (first loads miss their per-reader cache), hot sends 80% to a few.
 */
function homeRequestMaker(readers: Reader[], shape: Shape, rand: () => number) {
  let n = 0;
  return (): BenchRequest => {
    const pool = shape === "hot" && rand() < HOT_SHARE ? readers.slice(0, HOT_READERS) : readers;
    const reader = pool[Math.floor(rand() * pool.length)] as Reader;
    return { path: `/v5/home?cache=${++n}`, headers: { cookie: reader.cookie } };
  };
}

/** Tags with the most stories draw the hot traffic, as front-page genres do. */
const HOT_TAGS = 10;
/** Uniform tag traffic spreads over both sorts and the first pages of every tag. */
const TAG_PAGES = 5;

function tagPathMaker(tags: string[], shape: Shape, rand: () => number): () => string {
  const pick = <T>(list: ReadonlyArray<T>): T => list[Math.floor(rand() * list.length)] as T;
  const hotTags = tags.slice(0, HOT_TAGS);
  return () => {
    if (shape === "hot" && rand() < HOT_SHARE)
      return `/stories/${encodeURIComponent(pick(hotTags))}`;
    const sort = rand() < 0.5 ? "hot" : "new";
    const page = 1 + Math.floor(rand() * TAG_PAGES);
    return `/stories/${encodeURIComponent(pick(tags))}?sort=${sort}&page=${page}`;
  };
}

// ---------------------------------------------------------------------------
// Load.

interface Row {
  route: RouteKey;
  label: string;
  shape: Shape;
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
  /** The bare server, measured with the same shape just before this row. */
  bare?: Row;
  ratio: number | null;
  budget?: Budget;
  verdict: "PASS" | "FAIL" | "-";
}

async function measure(
  base: string,
  ids: Ids,
  readers: Reader[],
  route: RouteKey,
  shape: Shape,
  seed: number,
) {
  const label = ROUTES.find((candidate) => candidate.key === route)?.label ?? route;
  process.stdout.write(
    `  ${label.padEnd(26)} ${shape.padEnd(8)} warm-up ${WARMUP} s + ${DURATION} s… `,
  );
  const measured = await load(
    base,
    pathMaker(ids, readers, route, shape, seed),
    WARMUP,
    DURATION,
    CONNECTIONS,
  );
  const row: Row = {
    route,
    label,
    shape,
    rps: measured.latencies.length / measured.seconds,
    p50: percentile(measured.latencies, 50),
    p99: percentile(measured.latencies, 99),
    requests: measured.latencies.length,
    non2xx: measured.non2xx,
    errors: measured.errors,
    ratio: null,
    budget: BUDGETS[shape][route],
    verdict: "-",
  };
  console.log(`${Math.round(row.rps)} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms`);
  return row;
}

function judge(row: Row): void {
  row.ratio = row.bare && row.bare.rps > 0 ? row.rps / row.bare.rps : null;
  const budget = row.budget;
  if (!budget) return;
  const fast = row.ratio !== null && row.ratio >= budget.minRatio;
  const tail = budget.maxP99Ms === undefined || row.p99 < budget.maxP99Ms;
  const clean = row.non2xx === 0 && row.errors === 0;
  row.verdict = fast && tail && clean ? "PASS" : "FAIL";
}

function printTable(rows: Row[]): void {
  const header = [
    "route",
    "shape",
    "req/s",
    "p50 ms",
    "p99 ms",
    "bare req/s",
    "vs bare",
    "non-2xx",
    "errors",
    "budget",
    "result",
  ];
  const lines = rows.map((row) => [
    row.label,
    row.shape,
    String(Math.round(row.rps)),
    String(row.p50),
    String(row.p99),
    row.bare ? String(Math.round(row.bare.rps)) : "-",
    row.ratio === null ? "-" : percent(row.ratio),
    String(row.non2xx),
    String(row.errors),
    describeBudget(row.budget),
    row.verdict,
  ]);
  printColumns(header, lines, (i) => i >= 2 && i <= 8);
}

// ---------------------------------------------------------------------------

async function main(): Promise<number> {
  if (!existsSync(benchDatabasePath)) {
    console.error(`No bench catalogue at ${benchDatabasePath}: run \`npm run seed:bench\` first.`);
    return 2;
  }
  buildWebIfNeeded();

  const loadingStarted = performance.now();
  const ids = loadIds();
  console.log(
    `Catalogue ${benchDatabasePath}: ${ids.stories.length} published stories (ids ${ids.stories[0]}..${ids.stories[ids.stories.length - 1]}), ` +
      `${ids.parts.length} published parts (ids ${ids.parts[0]}..${ids.parts[ids.parts.length - 1]}); ` +
      `hot set: the ${ids.hotStories.length} most-read stories and their first parts ` +
      `(${Math.round(performance.now() - loadingStarted)} ms)`,
  );

  const readMs = await readThrough(benchDatabasePath);
  console.log(`Catalogue read into memory (${Math.round(readMs)} ms)`);

  const profileDir = join(benchDataDir, "profiles");
  if (args["cpu-prof"]) mkdirSync(profileDir, { recursive: true });
  const { bare, bareBase } = await startBare();
  const { server, base: serverBase } = await startInkwell({
    nodeArgs: args["cpu-prof"] ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : [],
  });

  let closeReaders = async () => {};
  try {
    console.log(`bare server on ${bareBase}, Inkwell on ${serverBase} (pid ${server.child.pid})`);
    const prepared = await prepareReaders(
      serverBase,
      benchDatabasePath,
      HOME_READERS,
      ids.hotStories,
      ids.hotParts,
    );
    const readers = prepared.readers;
    closeReaders = prepared.close;
    const firstReader = { cookie: (readers[0] as Reader).cookie };
    console.log(`  ${readers.length} signed-in readers with genres and reading positions`);

    // Every route must answer 200 before it is worth loading.
    const sampleStory = ids.hotStories[0] as number;
    for (const path of [
      `/api/v3/stories/${sampleStory}`,
      `/story/${sampleStory}`,
      `/${ids.hotParts[0]}`,
      `/story/${sampleStory}/rankings`,
      `/stories/${encodeURIComponent(ids.tags[0] as string)}`,
    ]) {
      const response = await fetch(`${serverBase}${path}`);
      const body = await response.arrayBuffer();
      console.log(`  GET ${path} -> ${response.status}, ${body.byteLength} bytes`);
      if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
    }
    const feed = await fetch(`${serverBase}/v5/home?cache=0`, { headers: firstReader });
    const sections = ((await feed.json()) as { sections: { type: string }[] }).sections;
    console.log(`  GET /v5/home (signed in) -> ${feed.status}, ${sections.length} sections`);
    if (!feed.ok) throw new Error(`GET /v5/home answered ${feed.status}`);

    const js = await measureJavaScript(
      fetch,
      serverBase,
      `/story/${ids.stories[Math.floor(ids.stories.length / 2)]}`,
    );
    const homeJs = await measureJavaScript(fetch, serverBase, "/home", firstReader);

    const [load1] = loadavg();
    console.log(
      `\nMachine: ${cpus().length} cores, load average ${load1?.toFixed(2)} before the runs` +
        ((load1 ?? 0) > 1 ? " (other processes are busy: expect noisy figures)" : ""),
    );
    console.log(
      `Load: ${CONNECTIONS} connections, ${WARMUP} s warm-up + ${DURATION} s per run; ` +
        `hot = ${HOT_SHARE * 100}% of requests on ${HOT_STORIES} stories (and their first parts), the rest uniform`,
    );
    const only = args.only?.split(",");
    const rows: Row[] = [];
    let seed = 1;
    // The bare server runs just before each measurement, with the same shape: the machine
    // may be shared, and a ratio is only fair between runs that saw the same background.
    for (const { key } of ROUTES) {
      if (key === "bare" || (only && !only.includes(key))) continue;
      for (const shape of ["uniform", "hot"] as const) {
        seed += 10;
        const bareRow = await measure(bareBase, ids, readers, "bare", shape, seed);
        const row = await measure(serverBase, ids, readers, key, shape, seed + 5);
        row.bare = bareRow;
        judge(row);
        rows.push(row);
      }
    }
    const bareRates = rows.flatMap((row) => (row.bare ? [row.bare.rps] : []));

    console.log(
      `\nResults (${new Date().toISOString().slice(0, 10)}, ${CONNECTIONS} connections, loopback)\n`,
    );
    printTable(rows);
    if (bareRates.length > 0) {
      console.log(
        `\nbare node:http ranged ${Math.round(Math.min(...bareRates))}..${Math.round(Math.max(...bareRates))} req/s over the run` +
          " (a wide range means the machine was busy with something else)",
      );
    }

    printHotCeilings(rows);

    const jsPass = reportJavaScript("/story/{id}", js, STORY_JS_BUDGET_BYTES);
    const homeJsPass = reportJavaScript("/home (signed in)", homeJs, HOME_JS_BUDGET_BYTES);

    const failed = rows.filter((row) => row.verdict === "FAIL");
    if (failed.length > 0 || !jsPass || !homeJsPass) {
      const sizes = [
        ...(jsPass ? [] : ["story page JavaScript"]),
        ...(homeJsPass ? [] : ["/home JavaScript"]),
      ];
      console.log(
        `\nFAIL: ${[...failed.map((row) => `${row.label} (${row.shape})`), ...sizes].join(", ")}`,
      );
      return 1;
    }
    console.log("\nAll budgets PASS");
    return 0;
  } finally {
    await closeReaders();
    await stopChild(bare);
    await stopChild(server);
  }
}

/**
 * What the hot shape can reach at most, given the route's uniform rate: its share of uniform
 * requests costs at least what they cost alone, even if every cached page were free, so
 * the hot ratio cannot exceed uniform ratio / (1 - HOT_SHARE), give or take the noise
 * between runs. A hot budget above that bound asks for faster uncached pages, not a better
 * cache.
 */
function printHotCeilings(rows: Row[]): void {
  const lines: string[] = [];
  for (const hot of rows) {
    if (hot.shape !== "hot" || !hot.budget) continue;
    const uniform = rows.find((row) => row.route === hot.route && row.shape === "uniform");
    if (!uniform?.ratio) continue;
    const ceiling = uniform.ratio / (1 - HOT_SHARE);
    const needed = hot.budget.minRatio * (1 - HOT_SHARE);
    lines.push(
      `  ${hot.label.padEnd(26)} about ${percent(ceiling)} at most, were cache hits free ` +
        `(budget ${percent(hot.budget.minRatio)} needs uniform >= ${percent(needed)})`,
    );
  }
  if (lines.length === 0) return;
  console.log(
    `\nHot shape ceilings: ${Math.round((1 - HOT_SHARE) * 100)}% of its requests are uniform ones`,
  );
  for (const line of lines) console.log(line);
}

function percent(ratio: number): string {
  return `${(ratio * 100).toFixed(1)}%`;
}

/** Prints the files of a first visit and their gzipped total against the budget. */
function reportJavaScript(page: string, js: JsReport, budget: number): boolean {
  const pass = js.totalGzip <= budget;
  console.log(`\nJavaScript for a first visit to ${page} (gzip -9):`);
  for (const file of js.listed) {
    console.log(
      `  ${file.url.padEnd(48)} ${kB(file.raw).padStart(9)} raw ${kB(file.gzip).padStart(9)} gz`,
    );
  }
  for (const file of js.unlisted) {
    console.log(
      `  ${file.url.padEnd(48)} ${kB(file.raw).padStart(9)} raw ${kB(file.gzip).padStart(9)} gz  (imported, not preloaded)`,
    );
  }
  console.log(
    `  total: ${js.listed.length + js.unlisted.length} files, ${kB(js.totalGzip)} gzipped ` +
      `(budget ${kB(budget)}) ${pass ? "PASS" : "FAIL"}; inline scripts add ${kB(js.inlineGzip)} gzipped`,
  );
  return pass;
}

function kB(bytes: number): string {
  return `${(bytes / 1000).toFixed(1)} kB`;
}

process.exitCode = await main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  return 1;
});

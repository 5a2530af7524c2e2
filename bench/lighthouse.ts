/**
 * Lighthouse on the pages a reader opens first: the production server on a fresh demo
 * catalogue (a temporary DATA_DIR, seeded at its first start as `SEED_DEMO=1 npm start`
 * would), Lighthouse's default mobile preset (a mid-range phone on a slow 4G connection,
 * simulated) on each page in a fresh Chromium, and the median of `--runs` runs by
 * performance score. See bench/README.md.
 *
 *   node bench/lighthouse.ts [--runs 5] [--only story,part,front,tag,search,home]
 *                            [--reports DIR]   (each page's median report as HTML)
 *
 * CHROME_PATH names the browser (chrome-launcher looks for one otherwise; nothing is
 * downloaded). Exits 1 when a budget fails, after printing everything.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { parseArgs } from "node:util";
import { launch } from "chrome-launcher";
import lighthouse, { generateReport, type Result } from "lighthouse";
import { createSession, SESSION_COOKIE } from "../packages/server/src/accounts/sessions.ts";
import { openDatabase } from "../packages/server/src/db/connection.ts";
import { buildWebIfNeeded } from "../scripts/build-web.ts";
import { printColumns, startInkwell, stopChild } from "./harness.ts";

const { values: args } = parseArgs({
  options: {
    runs: { type: "string", default: "5" },
    only: { type: "string" },
    reports: { type: "string" },
  },
});
const RUNS = Number(args.runs);

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
type Category = (typeof CATEGORIES)[number];

/** Lowest passing score (Lighthouse's scores run 0–1); SEO is judged on visitor pages only. */
const BUDGETS: Record<Category, number> = {
  performance: 0.9,
  accessibility: 1,
  "best-practices": 1,
  seo: 0.9,
};

const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

interface Page {
  key: string;
  path: string;
  /** A signed-in reader's page: no SEO budget (search engines never see it). */
  signedIn: boolean;
}

/** The demo's most-read story that a visitor may open, its first part and first tag. */
function visitorPages(databasePath: string): Page[] {
  const db = new DatabaseSync(databasePath, { readOnly: true });
  try {
    const story = db
      .prepare(
        `SELECT id, title,
           (SELECT id FROM parts WHERE story_id = stories.id AND draft = 0 AND deleted = 0
            ORDER BY position LIMIT 1) AS part,
           (SELECT tags.name FROM story_tags JOIN tags ON tags.id = story_tags.tag_id
            WHERE story_tags.story_id = stories.id ORDER BY position LIMIT 1) AS tag
         FROM stories WHERE draft = 0 AND deleted = 0 AND num_parts > 0 AND rating != 4
         ORDER BY read_count DESC, id LIMIT 1`,
      )
      .get() as { id: number; title: string; part: number; tag: string };
    const word = story.title.split(/\s+/).find((each) => each.length > 3) ?? story.title;
    return [
      { key: "story", path: `/story/${story.id}`, signedIn: false },
      { key: "part", path: `/${story.part}`, signedIn: false },
      { key: "front", path: "/", signedIn: false },
      { key: "tag", path: `/stories/${encodeURIComponent(story.tag)}`, signedIn: false },
      { key: "search", path: `/search?q=${encodeURIComponent(word)}`, signedIn: false },
    ];
  } finally {
    db.close();
  }
}

/** A session cookie for demo_reader, made the way signing in makes one. */
async function readerCookie(databasePath: string): Promise<string> {
  const handle = openDatabase({ sqlitePath: databasePath });
  try {
    const user = await handle.db
      .selectFrom("users")
      .select("id")
      .where("username", "=", "demo_reader")
      .executeTakeFirstOrThrow();
    const { token } = await createSession(handle.db, user.id);
    return `${SESSION_COOKIE}=${token}`;
  } finally {
    await handle.close();
  }
}

/** One Lighthouse run in a Chromium of its own, so no run inherits another's caches. */
async function audit(url: string, headers: Record<string, string>): Promise<Result> {
  const chrome = await launch({ chromeFlags: CHROME_FLAGS });
  try {
    const outcome = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: [...CATEGORIES],
      extraHeaders: headers,
    });
    if (!outcome) throw new Error(`Lighthouse gave no result for ${url}`);
    if (outcome.lhr.runtimeError) {
      throw new Error(`Lighthouse failed on ${url}: ${outcome.lhr.runtimeError.message}`);
    }
    return outcome.lhr;
  } finally {
    chrome.kill();
  }
}

const score = (lhr: Result, category: Category): number => lhr.categories[category]?.score ?? 0;

function medianRun(runs: Result[]): Result {
  const sorted = [...runs].sort((a, b) => score(a, "performance") - score(b, "performance"));
  return sorted[Math.floor((sorted.length - 1) / 2)] as Result;
}

const metric = (lhr: Result, id: string): number => lhr.audits[id]?.numericValue ?? Number.NaN;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function failures(page: Page, lhr: Result): Category[] {
  return CATEGORIES.filter(
    (category) =>
      !(category === "seo" && page.signedIn) && score(lhr, category) < BUDGETS[category],
  );
}

/** What keeps a failing category below its budget: its audits that did not pass. */
function reasons(lhr: Result, category: Category): string[] {
  return (lhr.categories[category]?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0 || category === "performance")
    .map((ref) => lhr.audits[ref.id])
    .filter((each) => each !== undefined && each.score !== null && each.score < 0.9)
    .map((each) => `${each?.title}${each?.displayValue ? ` (${each.displayValue})` : ""}`);
}

async function main(): Promise<number> {
  buildWebIfNeeded();
  const dataDir = mkdtempSync(join(tmpdir(), "inkwell-lighthouse-"));
  const databasePath = join(dataDir, "inkwell.sqlite");
  const { server, base } = await startInkwell({
    dataDir,
    env: { SEED_DEMO: "1" },
    timeoutMs: 300_000,
  });
  try {
    const cookie = await readerCookie(databasePath);
    const pages = [
      ...visitorPages(databasePath),
      { key: "home", path: "/home", signedIn: true },
    ].filter((page) => !args.only || args.only.split(",").includes(page.key));
    const rows: string[][] = [];
    const failed: string[] = [];
    for (const page of pages) {
      const runs: Result[] = [];
      for (let run = 1; run <= RUNS; run++) {
        process.stdout.write(`  ${page.path} run ${run}/${RUNS}… `);
        const lhr = await audit(`${base}${page.path}`, page.signedIn ? { Cookie: cookie } : {});
        console.log(`performance ${score(lhr, "performance").toFixed(2)}`);
        runs.push(lhr);
      }
      const lhr = medianRun(runs);
      if (args.reports) {
        mkdirSync(args.reports, { recursive: true });
        writeFileSync(join(args.reports, `${page.key}.html`), generateReport(lhr, "html"));
      }
      const failing = failures(page, lhr);
      for (const category of failing) {
        failed.push(`${page.path} ${category}: ${reasons(lhr, category).join("; ") || "—"}`);
      }
      rows.push([
        page.path + (page.signedIn ? " (signed in)" : ""),
        ...CATEGORIES.map((category) =>
          category === "seo" && page.signedIn ? "–" : score(lhr, category).toFixed(2),
        ),
        seconds(metric(lhr, "first-contentful-paint")),
        seconds(metric(lhr, "largest-contentful-paint")),
        `${Math.round(metric(lhr, "total-blocking-time"))} ms`,
        metric(lhr, "cumulative-layout-shift").toFixed(3),
        seconds(metric(lhr, "speed-index")),
        failing.length === 0 ? "PASS" : "FAIL",
      ]);
    }
    console.log(
      `\nLighthouse, mobile preset, median of ${RUNS} run(s) by performance score. Budgets: ` +
        "performance ≥ 0.90, accessibility 1.00, best practices 1.00, SEO ≥ 0.90 (visitor pages).\n",
    );
    printColumns(
      ["page", "perf", "a11y", "best pr.", "SEO", "FCP", "LCP", "TBT", "CLS", "SI", "result"],
      rows,
      (i) => i >= 1 && i <= 9,
    );
    if (failed.length > 0)
      console.log(`\nBelow budget:\n${failed.map((f) => `  ${f}`).join("\n")}`);
    return failed.length === 0 ? 0 : 1;
  } finally {
    await stopChild(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

process.exitCode = await main().catch((error: unknown) => {
  console.error(error);
  return 2;
});

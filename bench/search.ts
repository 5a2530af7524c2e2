/**
 * Search benchmark on loopback: story and people search on the bench catalogue (built by
 * `npm run seed:bench`), one connection at a time and at 20 concurrent connections, beside
 * a bare node:http server's requests/s measured in the same run. See bench/README.md.
 *
 *   node bench/search.ts [--duration 10] [--warmup 2] [--connections 20] [--only story,people]
 *                        [--uncached]   (the server's answer cache off: SEARCH_CACHE=off)
 *
 * Exits non-zero when a budget fails, after printing everything.
 */
import { existsSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { parseArgs } from "node:util";
import { buildWebIfNeeded } from "../scripts/build-web.ts";
import {
  benchDatabasePath,
  load,
  percentile,
  printColumns,
  startBare,
  startInkwell,
  stopChild,
} from "./harness.ts";
import { type Kind, loadVocabulary, pathMaker } from "./search-queries.ts";

const { values: args } = parseArgs({
  options: {
    duration: { type: "string", default: "10" },
    warmup: { type: "string", default: "2" },
    connections: { type: "string", default: "20" },
    only: { type: "string" },
    uncached: { type: "boolean", default: false },
  },
});
const DURATION = Number(args.duration);
const WARMUP = Number(args.warmup);
const CONCURRENT = Number(args.connections);
/** p95 budgets (ms) from issue #6. */
const BUDGET_P95_MS = { story: 50, people: 30 } as const;

interface Row {
  kind: Kind;
  connections: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  non2xx: number;
  errors: number;
  bareRps: number;
  pass: boolean;
}

async function measure(base: string, makePath: () => string, connections: number) {
  const measured = await load(base, makePath, WARMUP, DURATION, connections);
  return {
    rps: measured.latencies.length / measured.seconds,
    p50: percentile(measured.latencies, 50),
    p95: percentile(measured.latencies, 95),
    p99: percentile(measured.latencies, 99),
    non2xx: measured.non2xx,
    errors: measured.errors,
  };
}

function printTable(rows: Row[]): void {
  const header = [
    "search",
    "connections",
    "req/s",
    "p50 ms",
    "p95 ms",
    "p99 ms",
    "non-2xx",
    "errors",
    "bare req/s",
    "vs bare",
    "budget",
    "result",
  ];
  const lines = rows.map((row) => [
    row.kind === "story" ? "GET /v4/search/stories" : "GET /v4/search/users/",
    String(row.connections),
    String(Math.round(row.rps)),
    String(row.p50),
    String(row.p95),
    String(row.p99),
    String(row.non2xx),
    String(row.errors),
    String(Math.round(row.bareRps)),
    `${((100 * row.rps) / row.bareRps).toFixed(1)}%`,
    `p95 < ${BUDGET_P95_MS[row.kind]} ms`,
    row.pass ? "PASS" : "FAIL",
  ]);
  printColumns(header, lines, (i) => i >= 1 && i <= 9);
}

async function main(): Promise<number> {
  if (!existsSync(benchDatabasePath)) {
    console.error(`No bench catalogue at ${benchDatabasePath}: run \`npm run seed:bench\` first.`);
    return 2;
  }
  buildWebIfNeeded();
  const vocabulary = loadVocabulary(benchDatabasePath);
  console.log(
    `Catalogue ${benchDatabasePath}: ${vocabulary.titleWords.length} title words, ` +
      `${vocabulary.titlePairs.length} title word pairs, ${vocabulary.nameWords.length} name words`,
  );

  const { bare, bareBase } = await startBare();
  // The first start on a catalogue without the search index builds it (migration 012).
  const { server, base: serverBase } = await startInkwell({
    env: { SEARCH_CACHE: args.uncached ? "off" : "" },
    timeoutMs: 300_000,
  });
  try {
    for (const kind of ["story", "people"] as const) {
      const path = pathMaker(vocabulary, kind, 1)();
      const response = await fetch(`${serverBase}${path}`);
      const body = await response.arrayBuffer();
      console.log(`  GET ${path} -> ${response.status}, ${body.byteLength} bytes`);
      if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
    }
    const [load1] = loadavg();
    console.log(
      `\nMachine: ${cpus().length} cores, load average ${load1?.toFixed(2)} before the runs; ` +
        `${WARMUP} s warm-up + ${DURATION} s per run` +
        (args.uncached ? "; the server's answer cache off" : ""),
    );

    const only = args.only?.split(",");
    const rows: Row[] = [];
    let seed = 100;
    for (const kind of ["story", "people"] as const) {
      if (only && !only.includes(kind)) continue;
      for (const connections of [1, CONCURRENT]) {
        seed += 10;
        process.stdout.write(
          `  ${kind.padEnd(7)} ${String(connections).padStart(2)} connection(s)… `,
        );
        // The bare server just before each row, same connections: the machine may be shared.
        const bareRow = await measure(bareBase, () => "/", connections);
        const row = await measure(serverBase, pathMaker(vocabulary, kind, seed), connections);
        const pass = row.p95 < BUDGET_P95_MS[kind] && row.non2xx === 0 && row.errors === 0;
        rows.push({ kind, connections, ...row, bareRps: bareRow.rps, pass });
        console.log(
          `${Math.round(row.rps)} req/s, p95 ${row.p95} ms (bare ${Math.round(bareRow.rps)} req/s)`,
        );
      }
    }
    console.log(`\nResults (${new Date().toISOString().slice(0, 10)}, loopback)\n`);
    printTable(rows);
    const failed = rows.filter((row) => !row.pass);
    if (failed.length > 0) {
      console.log(`\nFAIL: ${failed.map((row) => `${row.kind} at ${row.connections}`).join(", ")}`);
      return 1;
    }
    console.log("\nAll budgets PASS");
    return 0;
  } finally {
    await stopChild(bare);
    await stopChild(server);
  }
}

process.exitCode = await main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  return 1;
});

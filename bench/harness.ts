/**
 * What the benchmarks share (bench/http.ts, bench/search.ts, bench/cpu-split.ts,
 * bench/page-cost.ts, bench/lighthouse.ts): the bench catalogue's place, child processes in their own process
 * groups, killed when the bench exits, free ports, the server started as `npm start` runs it,
 * the catalogue read into memory, one autocannon run with a warm-up on the same connections,
 * and percentiles.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { open } from "node:fs/promises";
import { createServer } from "node:net";
import { join, resolve } from "node:path";
import autocannon from "autocannon";

export const root = resolve(import.meta.dirname, "..");

/** The bench catalogue (`npm run seed:bench`), or BENCH_DATA_DIR's, and its database. */
export const benchDataDir = resolve(process.env.BENCH_DATA_DIR ?? join(root, "data-bench"));
export const benchDatabasePath = join(benchDataDir, "inkwell.sqlite");

const nodeBin = existsSync(join(root, "node_modules/.bin/node"))
  ? join(root, "node_modules/.bin/node")
  : process.execPath;

// autocannon's request timers print this when a saturated run makes them fire late.
process.removeAllListeners("warning");
process.on("warning", (warning) => {
  if (warning.name !== "TimeoutNegativeWarning") console.warn(warning);
});

const children = new Set<ChildProcess>();

export function startChild(name: string, nodeArgs: string[], env: Record<string, string>) {
  const child = spawn(nodeBin, nodeArgs, {
    cwd: root,
    env: { ...process.env, ...env },
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  children.add(child);
  child.on("exit", () => children.delete(child));
  return { name, child, output: () => output };
}

export type Child = ReturnType<typeof startChild>;

/**
 * Reads a file through once so the operating system keeps it in memory: a server that has
 * been running a while has its database there, and a row that waited on the disk would
 * measure the disk. This machine drops cached files it has not read for a while (a fresh
 * session found a quarter of the catalogue in memory). Answers the milliseconds it took.
 */
export async function readThrough(path: string): Promise<number> {
  const started = performance.now();
  const file = await open(path, "r");
  try {
    const chunk = Buffer.allocUnsafe(8 << 20);
    while ((await file.read(chunk, 0, chunk.length, null)).bytesRead > 0);
  } finally {
    await file.close();
  }
  return performance.now() - started;
}

/**
 * The Inkwell server as `npm start` runs it in production, on a free port, on the bench
 * catalogue (or `dataDir`'s) even when DATABASE_URL is set (that names the tests'
 * PostgreSQL), answering /healthz before this returns. `nodeArgs` go before the script
 * (--cpu-prof); `env` adds to the server's environment.
 */
export async function startInkwell(
  options: {
    nodeArgs?: string[];
    env?: Record<string, string>;
    timeoutMs?: number;
    dataDir?: string;
  } = {},
): Promise<{ server: Child; base: string }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = startChild(
    "Inkwell server",
    [...(options.nodeArgs ?? []), "packages/server/src/main.ts"],
    {
      // Production refuses to start without the origin its emailed links use.
      PUBLIC_URL: base,
      ...options.env,
      PORT: String(port),
      DATA_DIR: options.dataDir ?? benchDataDir,
      NODE_ENV: "production",
      DATABASE_URL: "",
    },
  );
  await waitUntilUp(`${base}/healthz`, server, options.timeoutMs);
  return { server, base };
}

/** The bare node:http server every ratio is taken against, answering before this returns. */
export async function startBare(): Promise<{ bare: Child; bareBase: string }> {
  const port = await freePort();
  const bare = startChild("bare server", ["bench/bare-server.ts"], { PORT: String(port) });
  const bareBase = `http://127.0.0.1:${port}`;
  await waitUntilUp(`${bareBase}/`, bare);
  return { bare, bareBase };
}

export async function stopChild({ child }: Child): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const exited = new Promise<void>((done) => child.once("exit", () => done()));
  process.kill(-child.pid, "SIGTERM");
  const timer = setTimeout(() => {
    if (child.pid !== undefined && child.exitCode === null) process.kill(-child.pid, "SIGKILL");
  }, 10_000);
  await exited;
  clearTimeout(timer);
}

function killAllNow(): void {
  for (const child of children) {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, "SIGKILL");
    } catch {
      // Already gone.
    }
  }
}
process.on("exit", killAllNow);
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    killAllNow();
    process.exit(130);
  });
}

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

export async function waitUntilUp(url: string, child: Child, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.child.exitCode !== null) {
      const hint = /migration/i.test(child.output())
        ? "\nThe bench catalogue predates the current migrations: `npm run seed:bench -- --force`."
        : "";
      throw new Error(`${child.name} exited (${child.child.exitCode}):\n${child.output()}${hint}`);
    }
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((done) => setTimeout(done, 200));
  }
  throw new Error(
    `${child.name} did not answer ${url} within ${timeoutMs / 1000} s:\n${child.output()}`,
  );
}

export interface Measured {
  seconds: number;
  /** Response times (ms) of the responses that completed inside the measured window. */
  latencies: Float64Array;
  non2xx: number;
  errors: number;
}

/**
 * One autocannon run of warm-up + measurement on the same connections; only the
 * responses after the warm-up count. Separate runs would open fresh connections, and a
 * saturated Node server takes one event-loop turn per new connection: the first requests
 * of most connections would wait seconds and swamp the p99 (see README, "Method").
 */
/** A request's path, or its path and headers (a signed-in reader's cookie). */
export type BenchRequest = string | { path: string; headers: Record<string, string> };

export function load(
  base: string,
  makePath: () => BenchRequest,
  warmup: number,
  seconds: number,
  connections: number,
): Promise<Measured> {
  return new Promise((done, fail) => {
    const latencies: number[] = [];
    let measuring = warmup <= 0;
    let startedAt = performance.now();
    let non2xx = 0;
    let errors = 0;
    const warmTimer = setTimeout(() => {
      measuring = true;
      startedAt = performance.now();
    }, warmup * 1000);
    const instance = autocannon(
      {
        url: base,
        connections,
        duration: warmup + seconds,
        requests: [
          {
            method: "GET",
            setupRequest: (request) => {
              const next = makePath();
              return typeof next === "string"
                ? { ...request, path: next }
                : { ...request, path: next.path, headers: { ...request.headers, ...next.headers } };
            },
          },
        ],
      },
      (error) => {
        clearTimeout(warmTimer);
        if (error) return fail(error);
        done({
          seconds: (performance.now() - startedAt) / 1000,
          latencies: Float64Array.from(latencies).sort(),
          non2xx,
          errors,
        });
      },
    );
    instance.on("response", (_client, statusCode, _bytes, responseTime) => {
      if (!measuring) return;
      latencies.push(responseTime);
      if (statusCode < 200 || statusCode >= 300) non2xx++;
    });
    instance.on("reqError", () => {
      if (measuring) errors++;
    });
  });
}

export function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return Math.round(sorted[Math.max(0, index)] as number);
}

/** Prints rows as aligned columns under a rule; numeric columns are right-aligned. */
export function printColumns(
  header: string[],
  lines: string[][],
  isNumeric: (column: number) => boolean,
): void {
  const widths = header.map((title, i) =>
    Math.max(title.length, ...lines.map((line) => (line[i] ?? "").length)),
  );
  const format = (cells: string[]) =>
    cells
      .map((cell, i) =>
        isNumeric(i) ? cell.padStart(widths[i] ?? 0) : cell.padEnd(widths[i] ?? 0),
      )
      .join("  ");
  console.log(format(header));
  console.log(widths.map((width) => "-".repeat(width)).join("  "));
  for (const line of lines) console.log(format(line));
}

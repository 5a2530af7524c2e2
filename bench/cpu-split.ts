/**
 * Where a request's CPU goes under load: the server as `npm start` runs it on the bench
 * catalogue, random published stories' pages for 10 s on 50 connections, and each process's
 * user and system CPU per answered request, read from /proc (Linux), beside the load
 * generator's own. bench/page-cost.ts measures a page alone in-process; this shows what HTTP,
 * the processes and the load generator add on this machine.
 *
 *   node bench/cpu-split.ts [--only rankings,story,api] [--seconds 10]
 *   WEB_CONCURRENCY=1 node bench/cpu-split.ts   (one process)
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { DatabaseSync } from "node:sqlite";
import { parseArgs } from "node:util";
import { buildWebIfNeeded } from "../scripts/build-web.ts";
import { benchDatabasePath, load, printColumns, startInkwell, stopChild } from "./harness.ts";

const { values: args } = parseArgs({
  options: { only: { type: "string" }, seconds: { type: "string", default: "10" } },
});

const ROUTES: Record<string, (storyId: number) => string> = {
  rankings: (id) => `/story/${id}/rankings`,
  story: (id) => `/story/${id}`,
  api: (id) => `/api/v3/stories/${id}`,
};

/** Clock ticks (1/100 s on Linux) a process has spent in user and system mode. */
function cpuTicks(pid: number): { user: number; system: number } {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  return { user: Number(fields[11]), system: Number(fields[12]) };
}

const childrenOf = (pid: number): number[] => {
  try {
    return execFileSync("pgrep", ["-P", String(pid)], { encoding: "utf8" })
      .trim()
      .split("\n")
      .map(Number);
  } catch {
    return []; // One process: no workers.
  }
};

const database = new DatabaseSync(benchDatabasePath, { readOnly: true });
const storyIds = (
  database
    .prepare(
      "SELECT id FROM stories WHERE draft = 0 AND deleted = 0 AND num_parts > 0 AND rating != 4",
    )
    .all() as Array<{ id: number }>
).map((row) => row.id);
database.close();

buildWebIfNeeded();
const { server, base } = await startInkwell();
const pid = server.child.pid as number;
const processes = [
  { name: "primary", pid },
  ...childrenOf(pid).map((child, i) => ({ name: `worker ${i + 1}`, pid: child })),
];
const single = processes.length === 1;

const rows: string[][] = [];
for (const [route, path] of Object.entries(ROUTES)) {
  if (args.only && !args.only.split(",").includes(route)) continue;
  const randomPath = () => path(storyIds[Math.floor(Math.random() * storyIds.length)] as number);
  await load(base, randomPath, 0, 2, 50);
  const before = processes.map((each) => cpuTicks(each.pid));
  const own = process.cpuUsage();
  const measured = await load(base, randomPath, 0, Number(args.seconds), 50);
  const ownUsed = process.cpuUsage(own);
  const answered = measured.latencies.length;
  const perRequest = (ticks: number) => ((ticks * 10_000) / answered).toFixed(0);
  processes.forEach((each, i) => {
    const after = cpuTicks(each.pid);
    const start = before[i] as { user: number; system: number };
    rows.push([
      route,
      String(Math.round(answered / measured.seconds)),
      single ? "server" : each.name,
      perRequest(after.user - start.user),
      perRequest(after.system - start.system),
    ]);
  });
  rows.push([
    route,
    "",
    "load generator",
    (ownUsed.user / answered).toFixed(0),
    (ownUsed.system / answered).toFixed(0),
  ]);
}
await stopChild(server);
console.log("CPU per answered request (µs), over all requests: a worker serves its share.\n");
printColumns(["route", "req/s", "process", "user µs", "system µs"], rows, (i) => i === 1 || i > 2);

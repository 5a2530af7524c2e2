/**
 * Where a V8 CPU profile spent its time: self time by function and by package, and the
 * total (inclusive) time of chosen functions. For profiles of the server written by
 * `npm run bench -- --cpu-prof` (DATA_DIR/profiles/*.cpuprofile).
 *
 *   node bench/profile-summary.ts <file.cpuprofile> [--top 30] [--focus name,name]
 */
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}

interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}

interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    top: { type: "string", default: "30" },
    focus: { type: "string" },
  },
});
const file = positionals[0];
if (!file) {
  console.error("usage: node bench/profile-summary.ts <file.cpuprofile> [--top 30] [--focus a,b]");
  process.exit(2);
}

const profile = JSON.parse(readFileSync(file, "utf8")) as Profile;
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parent = new Map<number, number>();
for (const node of profile.nodes) {
  for (const child of node.children ?? []) parent.set(child, node.id);
}

// Microseconds of samples landing on each node.
const selfTime = new Map<number, number>();
profile.samples.forEach((id, i) => {
  selfTime.set(id, (selfTime.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
});
const IDLE = new Set(["(idle)", "(program)"]);
const isIdle = (id: number) => IDLE.has(byId.get(id)?.callFrame.functionName ?? "");
const sampled = [...selfTime.values()].reduce((sum, time) => sum + time, 0);
// Percentages are of busy time: an idle server between runs says nothing about its cost.
const total = [...selfTime].reduce((sum, [id, time]) => (isIdle(id) ? sum : sum + time), 0);

function where(frame: CallFrame): string {
  const url = frame.url.replace(/^file:\/\//, "");
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1];
  if (pkg) return pkg;
  if (url.startsWith("node:") || url === "") return url || "(native)";
  const inRepo = /\/packages\/([^/]+)\//.exec(url)?.[1];
  return inRepo ? `@inkwell/${inRepo}` : url;
}

const label = (frame: CallFrame) =>
  `${frame.functionName || "(anonymous)"} ${where(frame)}:${frame.lineNumber + 1}`;

function tally(key: (node: ProfileNode) => string): Array<[string, number]> {
  const sums = new Map<string, number>();
  for (const [id, time] of selfTime) {
    const node = byId.get(id);
    if (!node || isIdle(id)) continue;
    const name = key(node);
    sums.set(name, (sums.get(name) ?? 0) + time);
  }
  return [...sums].sort((a, b) => b[1] - a[1]);
}

const pct = (time: number) => `${((time / total) * 100).toFixed(1).padStart(5)}%`;
const top = Number(values.top);

console.log(
  `${file}: ${(sampled / 1e6).toFixed(1)} s sampled, ${(total / 1e6).toFixed(1)} s busy (percentages of busy)\n`,
);
console.log("Self time by package:");
for (const [name, time] of tally((node) => where(node.callFrame)).slice(0, 20)) {
  console.log(`  ${pct(time)}  ${name}`);
}
console.log(`\nSelf time by function (top ${top}):`);
for (const [name, time] of tally((node) => label(node.callFrame)).slice(0, top)) {
  console.log(`  ${pct(time)}  ${name}`);
}

// Inclusive time: a sample counts once for a function when it appears anywhere on the stack.
const inclusive = new Map<string, number>();
profile.samples.forEach((id, i) => {
  if (isIdle(id)) return;
  const seen = new Set<string>();
  for (let node = byId.get(id); node; node = byId.get(parent.get(node.id) ?? -1)) {
    const name = label(node.callFrame);
    if (seen.has(name)) continue;
    seen.add(name);
    inclusive.set(name, (inclusive.get(name) ?? 0) + (profile.timeDeltas[i] ?? 0));
  }
});
const focus = values.focus?.split(",");
const chosen = [...inclusive]
  .filter(([name]) => !focus || focus.some((word) => name.startsWith(`${word} `)))
  .sort((a, b) => b[1] - a[1])
  .slice(0, focus ? undefined : top);
console.log(`\nInclusive time${focus ? "" : ` (top ${top})`}:`);
for (const [name, time] of chosen) console.log(`  ${pct(time)}  ${name}`);

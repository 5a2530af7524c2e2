import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";

const root = join(import.meta.dirname, "..");
const web = join(root, "packages/web");
const shared = join(root, "packages/shared/src");
const output = join(resolve(web, process.env.WEB_BUILD_DIR ?? "build"), "server/index.js");

function newestChange(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce(
    (newest, name) => Math.max(newest, newestChange(join(path, name))),
    stat.mtimeMs,
  );
}

/** Builds the web app when its build is missing or older than its sources. */
export function buildWebIfNeeded(): void {
  const sources = [
    join(web, "app"),
    join(web, "public"),
    join(web, "vite.config.ts"),
    join(web, "react-router.config.ts"),
    shared,
  ];
  if (existsSync(output) && statSync(output).mtimeMs >= Math.max(...sources.map(newestChange)))
    return;
  console.log("Building the web app…");
  const cli = join(root, "node_modules/@react-router/dev/bin.cjs");
  // Always the production build: started from a test run (NODE_ENV=test), Vite would bundle
  // React's development build, twice the JavaScript that readers download.
  const result = spawnSync(process.execPath, [cli, "build"], {
    cwd: web,
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (result.status !== 0) throw new Error("The web app failed to build");
}

if (import.meta.main) buildWebIfNeeded();

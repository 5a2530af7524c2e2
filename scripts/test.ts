import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildWebIfNeeded } from "./build-web.ts";

/**
 * `npm test`: builds the web app if needed, runs every Vitest project, and ends with one
 * plain line 'tests: N passed, N failed' that any CI can read.
 */
buildWebIfNeeded();
const root = join(import.meta.dirname, "..");
const dir = mkdtempSync(join(tmpdir(), "inkwell-test-"));
const report = join(dir, "report.json");
const vitest = join(root, "node_modules/vitest/vitest.mjs");
const result = spawnSync(
  process.execPath,
  [
    vitest,
    "run",
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${report}`,
    ...process.argv.slice(2),
  ],
  { cwd: root, stdio: "inherit" },
);
try {
  const summary = JSON.parse(readFileSync(report, "utf8")) as {
    numPassedTests: number;
    numFailedTests: number;
    testResults: { status: string; assertionResults: { status: string }[] }[];
  };
  // A file that fails outside any test (setup, teardown) counts as one failure too.
  const brokenFiles = summary.testResults.filter(
    (file) =>
      file.status === "failed" && !file.assertionResults.some((test) => test.status === "failed"),
  ).length;
  console.log(
    `tests: ${summary.numPassedTests} passed, ${summary.numFailedTests + brokenFiles} failed`,
  );
} catch {
  console.log("tests: 0 passed, 1 failed");
} finally {
  rmSync(dir, { recursive: true, force: true });
}
process.exit(result.status ?? 1);

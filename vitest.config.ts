import { defineConfig } from "vitest/config";

const postgres = process.env.TEST_DATABASE_URL;
const apiTests = ["packages/server/src/**/*.test.ts"];
// Password hashing (scrypt) is slow on purpose: a test that logs in a few times needs room.
const apiTimeouts = { testTimeout: 30_000, hookTimeout: 60_000 };

/**
 * One run, every suite: pure rules, the API on SQLite (and on PostgreSQL when
 * TEST_DATABASE_URL names a server), and the journeys in Chromium.
 */
export default defineConfig({
  test: {
    // Vitest leaves one of a machine's cores idle by default: on CI's two, that ran every file
    // one at a time. The journeys keep to one at a time all the same (fileParallelism below).
    maxWorkers: 2,
    projects: [
      { test: { name: "shared", include: ["packages/shared/src/**/*.test.ts"] } },
      // The web app's components and calls that hold a rule of their own, run without a browser.
      { test: { name: "web", include: ["packages/web/app/**/*.test.{ts,tsx}"] } },
      {
        test: {
          name: "api-sqlite",
          include: apiTests,
          env: { TEST_ENGINE: "sqlite" },
          ...apiTimeouts,
        },
      },
      ...(postgres
        ? [
            {
              test: {
                name: "api-postgres",
                include: apiTests,
                // What only SQLite has (its search index) is tested on SQLite alone.
                exclude: ["**/node_modules/**", "**/*.sqlite.test.ts"],
                env: { TEST_ENGINE: "postgres" },
                ...apiTimeouts,
              },
            },
          ]
        : []),
      {
        test: {
          name: "e2e",
          include: ["packages/e2e/**/*.test.ts"],
          globalSetup: ["packages/e2e/support/global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // A page waits on a server that shares the machine's two cores with the browser.
          expect: { poll: { timeout: 10_000 } },
          fileParallelism: false,
        },
      },
    ],
  },
});

import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "app",
  ssr: true,
  // A separate build per worktree or parallel test run; the server reads the same variable.
  buildDirectory: process.env.WEB_BUILD_DIR ?? "build",
} satisfies Config;

import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { precompress } from "./vite-plugins/precompress.ts";

export default defineConfig({
  plugins: [reactRouter(), precompress()],
  resolve: { tsconfigPaths: true },
  build: { target: "es2022" },
});

import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { precompress } from "./vite-plugins/precompress.ts";
import { shellChunk } from "./vite-plugins/shell-chunk.ts";

export default defineConfig({
  plugins: [reactRouter(), shellChunk(), precompress()],
  resolve: { tsconfigPaths: true },
  build: { target: "es2022" },
});

import { join } from "node:path";
import { serve } from "@hono/node-server";
import { createApi } from "./app.ts";
import { openDatabase } from "./db/connection.ts";
import { migrateToLatest } from "./db/migrate.ts";
import { isEmpty } from "./seed/empty.ts";
import { seedDemo } from "./seed/demo.ts";
import { createSite, loadWebBuild } from "./web.ts";

const port = Number(process.env.PORT ?? 3000);
const dataDir = process.env.DATA_DIR ?? "data";
const mediaDir = join(dataDir, "media");
const production = process.env.NODE_ENV === "production";

const handle = openDatabase({ url: process.env.DATABASE_URL, dataDir });
await migrateToLatest(handle.db);

// Demo content goes only into an empty database, and never in production unless asked.
if ((await isEmpty(handle.db)) && (!production || process.env.SEED_DEMO === "1")) {
  const started = performance.now();
  await seedDemo(handle.db, { mediaDir });
  console.log(`Seeded the demo catalogue in ${Math.round(performance.now() - started)} ms`);
}

const site = createSite(createApi(handle), await loadWebBuild(), { mediaDir });
const server = serve({ fetch: site.fetch, port }, (info) => {
  console.log(`Inkwell is ready on http://localhost:${info.port} (${handle.engine})`);
});

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    server.close();
    void handle.close().then(() => process.exit(0));
  });
}

import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { createApi } from "./app.ts";
import { checkoutFromEnv } from "./coins/checkout.ts";
import { openDatabase } from "./db/connection.ts";
import { schedulePremiumRenewals } from "./premium/service.ts";
import { scheduleTagRankings } from "./rankings/job.ts";
import { prepareDatabase } from "./startup.ts";
import { createSite, loadWebBuild } from "./web.ts";
import { scheduleDuePublishing } from "./works/job.ts";

const port = Number(process.env.PORT ?? 3000);
const dataDir = process.env.DATA_DIR ?? "data";
const mediaDir = join(dataDir, "media");

const handle = openDatabase({ url: process.env.DATABASE_URL, dataDir });
const started = performance.now();
const outcome = await prepareDatabase(handle, {
  mediaDir,
  production: process.env.NODE_ENV === "production",
  seedDemo: process.env.SEED_DEMO === "1",
});
if (outcome === "seeded") {
  console.log(`Seeded the demo catalogue in ${Math.round(performance.now() - started)} ms`);
}

scheduleTagRankings(handle.db, (error) => console.error("Tag rankings failed:", error));
scheduleDuePublishing(handle.db, (error) => console.error("Scheduled publishing failed:", error));
const checkout = checkoutFromEnv();
schedulePremiumRenewals(handle.db, checkout, (error) =>
  console.error("Premium renewals failed:", error),
);

const site = createSite(createApi(handle, { mediaDir, checkout }), await loadWebBuild(), {
  mediaDir,
});
const server = createServer(site.listener).listen(port, () => {
  const { port: listening } = server.address() as AddressInfo;
  console.log(`Inkwell is ready on http://localhost:${listening} (${handle.engine})`);
});

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    server.close();
    void handle.close().then(() => process.exit(0));
  });
}

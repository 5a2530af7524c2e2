import cluster from "node:cluster";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { scheduleAlertDigests } from "./alerts/job.ts";
import { scheduleNewsletter } from "./alerts/newsletter.ts";
import { createApi } from "./app.ts";
import { startWorkers } from "./cluster/primary.ts";
import { processCount } from "./cluster/process-count.ts";
import { joinCluster } from "./cluster/worker.ts";
import { checkoutFromEnv } from "./coins/checkout.ts";
import { openDatabase } from "./db/connection.ts";
import { countryHeaderFromEnv } from "./http/ad-audience.ts";
import { publicUrlFromEnv } from "./http/public-url.ts";
import { trustedProxiesFromEnv } from "./http/request-info.ts";
import { scheduleUploadSweep } from "./media/sweep.ts";
import { schedulePremiumRenewals } from "./premium/service.ts";
import { scheduleTagRankings } from "./rankings/job.ts";
import { scheduleRetention } from "./retention/job.ts";
import { prepareDatabase } from "./startup.ts";
import { createSite, loadWebBuild } from "./web.ts";
import { scheduleDuePublishing } from "./works/job.ts";

const port = Number(process.env.PORT ?? 3000);
// Mail is read away from the server, and its links must not follow a request's Host header:
// they, and the sign-in callback, use the address readers know the site by (required in
// production). Decided before anything else, so a production server without it never starts.
const publicUrl = publicUrlFromEnv();
// A misconfigured COUNTRY_HEADER (or one without TRUSTED_PROXIES) stops the start, as PUBLIC_URL.
const countryHeader = countryHeaderFromEnv(trustedProxiesFromEnv());
const dataDir = process.env.DATA_DIR ?? "data";
const mediaDir = join(dataDir, "media");
const processes = processCount(process.env.WEB_CONCURRENCY);
const handle = openDatabase({ url: process.env.DATABASE_URL, dataDir });
const checkout = checkoutFromEnv();
const ready = (listening: number) => {
  const serving = processes === 1 ? "" : `, ${processes} processes`;
  console.log(`Inkwell is ready on http://localhost:${listening} (${handle.engine}${serving})`);
};

// One process (or a cluster's primary) migrates, seeds and runs the jobs; workers only serve.
if (cluster.isPrimary) {
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
  schedulePremiumRenewals(handle.db, checkout, (error) =>
    console.error("Premium renewals failed:", error),
  );
  scheduleAlertDigests(handle.db, publicUrl, (error) =>
    console.error("Alert digests failed:", error),
  );
  scheduleNewsletter(handle.db, publicUrl, (error) => console.error("Newsletter failed:", error));
  scheduleUploadSweep(handle.db, mediaDir, (error) =>
    console.error("Sweeping unused uploads failed:", error),
  );
  scheduleRetention(handle.db, (error) => console.error("Clearing expired rows failed:", error));
}

if (cluster.isPrimary && processes > 1) {
  const stopWorkers = startWorkers(processes, fileURLToPath(import.meta.url), ready);
  stopOn(async () => {
    await stopWorkers();
    await handle.close();
  });
} else {
  if (cluster.isWorker) joinCluster();
  const site = createSite(
    createApi(handle, { mediaDir, checkout, publicUrl, countryHeader }),
    await loadWebBuild(),
    { mediaDir, db: handle.db, countryHeader },
  );
  const server = createServer(site.listener).listen(port, () => {
    if (cluster.isPrimary) ready((server.address() as AddressInfo).port);
  });
  stopOn(async () => {
    server.close();
    await handle.close();
  });
}

function stopOn(stop: () => Promise<void>): void {
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => void stop().then(() => process.exit(0)));
  }
}

/**
 * A two-worker cluster for cluster/primary.test.ts. Both workers answer on one port from
 * the start; the second joins the cluster (listens for events) only JOIN_DELAY_MS later,
 * as a worker does that is still loading. A joined worker's answer emits an event and
 * waits until every process has heard it, as a write does.
 */
import cluster from "node:cluster";
import { createServer } from "node:http";
import { fileURLToPath } from "node:url";
import { startWorkers } from "../cluster/primary.ts";
import { joinCluster } from "../cluster/worker.ts";
import { emit, eventsHeard } from "../events.ts";

if (cluster.isPrimary) {
  const stop = startWorkers(2, fileURLToPath(import.meta.url), (port) =>
    console.log(`ready on http://localhost:${port}`),
  );
  process.once("SIGTERM", () => void stop().then(() => process.exit(0)));
} else {
  let joined = false;
  const join = () => {
    joinCluster();
    joined = true;
  };
  if (cluster.worker?.id === 2) setTimeout(join, Number(process.env.JOIN_DELAY_MS));
  else join();
  createServer(async (_request, response) => {
    if (joined) {
      emit({ type: "story", storyId: 1 });
      await eventsHeard();
    }
    response.end(JSON.stringify({ pid: process.pid, joined }));
  }).listen(Number(process.env.PORT));
}

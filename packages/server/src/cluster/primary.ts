import cluster, { type Worker } from "node:cluster";
import { type AppEvent, relayEvents } from "../events.ts";
import { MemoryCounters } from "../http/rate-limit.ts";
import { isClusterMessage, type ToPrimary, type ToWorker } from "./messages.ts";

const RESTART_DELAY_MS = 1_000;

/**
 * Runs `count` worker processes of `entry` on the same port (node:cluster hands each new
 * connection to one of them) and is their shared memory: it relays every event to the
 * other workers, answering the sender once all have heard it, and keeps the rate-limit
 * windows. A worker that dies is replaced. Returns a function that stops them all.
 */
export function startWorkers(
  count: number,
  entry: string,
  onReady: (port: number) => void,
): () => Promise<void> {
  const counters = new MemoryCounters();
  const unheard = new Map<number, { waitingFor: Set<number>; done: () => void }>();
  // Workers listening for events: one still starting has no cache to clear, and would
  // never answer an event sent before its listener was there.
  const ready = new Set<number>();
  let lastRelay = 0;
  let stopping = false;
  let listening = 0;

  const send = (worker: Worker, message: ToWorker) => {
    if (worker.isConnected()) worker.send(message);
  };

  function heard(relay: number, workerId: number): void {
    const pending = unheard.get(relay);
    if (!pending?.waitingFor.delete(workerId) || pending.waitingFor.size > 0) return;
    unheard.delete(relay);
    pending.done();
  }

  function broadcast(event: AppEvent, except?: Worker): Promise<void> {
    const targets = Object.values(cluster.workers ?? {}).filter(
      (worker): worker is Worker =>
        worker !== undefined && worker !== except && ready.has(worker.id) && worker.isConnected(),
    );
    if (targets.length === 0) return Promise.resolve();
    return new Promise((done) => {
      const id = ++lastRelay;
      unheard.set(id, { waitingFor: new Set(targets.map((worker) => worker.id)), done });
      for (const worker of targets) send(worker, { inkwell: "event", id, event });
    });
  }

  // Events of the primary's own jobs (scheduled publishing) reach every worker.
  relayEvents((event) => broadcast(event));

  cluster.setupPrimary({ exec: entry });
  cluster.on("message", (worker, message: unknown) => {
    if (!isClusterMessage<ToPrimary>(message)) return;
    switch (message.inkwell) {
      case "ready":
        ready.add(worker.id);
        break;
      case "event":
        void broadcast(message.event, worker).then(() =>
          send(worker, { inkwell: "heard", id: message.id }),
        );
        break;
      case "heard":
        heard(message.id, worker.id);
        break;
      case "count": {
        const counts = counters.increment(message.keys, message.windowMs, message.now);
        send(worker, { inkwell: "counted", id: message.id, counts });
        break;
      }
    }
  });
  cluster.on("listening", (_worker, address) => {
    if (++listening === count) onReady(address.port);
  });
  cluster.on("exit", (worker, code, signal) => {
    // A dead worker hears nothing more: nobody waits for it.
    ready.delete(worker.id);
    for (const relay of [...unheard.keys()]) heard(relay, worker.id);
    if (stopping) return;
    console.error(`Worker ${worker.process.pid} stopped (${signal ?? code}); starting another`);
    setTimeout(() => {
      if (!stopping) cluster.fork();
    }, RESTART_DELAY_MS);
  });

  for (let i = 0; i < count; i++) cluster.fork();

  return async () => {
    stopping = true;
    await Promise.all(
      Object.values(cluster.workers ?? {}).map(
        (worker) =>
          new Promise<void>((done) => {
            if (!worker || worker.isDead()) return done();
            worker.once("exit", () => done());
            worker.kill("SIGTERM");
          }),
      ),
    );
  };
}

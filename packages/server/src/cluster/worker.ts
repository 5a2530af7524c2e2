import { deliver, relayEvents } from "../events.ts";
import { shareCounters } from "../http/rate-limit.ts";
import { isClusterMessage, type ToPrimary, type ToWorker } from "./messages.ts";

type Question =
  | Omit<Extract<ToPrimary, { inkwell: "event" }>, "id">
  | Omit<Extract<ToPrimary, { inkwell: "count" }>, "id">;

/**
 * Makes this worker one of the cluster's processes: its events reach the others through
 * the primary, theirs are delivered here, and rate limits count in the primary. Call it
 * before the app is created (limiters pick their counters when they are made).
 */
export function joinCluster(): void {
  const send = (message: ToPrimary) => process.send?.(message);
  const waiting = new Map<number, (answer: ToWorker) => void>();
  let lastId = 0;
  const ask = (question: Question) =>
    new Promise<ToWorker>((answer) => {
      const id = ++lastId;
      waiting.set(id, answer);
      send({ ...question, id });
    });

  relayEvents(async (event) => {
    await ask({ inkwell: "event", event });
  });
  shareCounters({
    increment: async (keys, windowMs, now) => {
      const answer = await ask({ inkwell: "count", keys, windowMs, now });
      return answer.inkwell === "counted" ? answer.counts : [];
    },
  });

  process.on("message", (message: unknown) => {
    if (!isClusterMessage<ToWorker>(message)) return;
    if (message.inkwell === "event") {
      deliver(message.event);
      send({ inkwell: "heard", id: message.id });
      return;
    }
    const answer = waiting.get(message.id);
    waiting.delete(message.id);
    answer?.(message);
  });
  send({ inkwell: "ready" });
  // Without the primary nothing is shared any more: stop rather than serve on alone.
  process.on("disconnect", () => process.exit(1));
}

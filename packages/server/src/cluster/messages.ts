import type { AppEvent } from "../events.ts";

/**
 * What a cluster's processes tell each other over their IPC channels. Every question and
 * answer names the request it belongs to (`id`, numbered by whoever asks) so answers can
 * come in any order.
 */
export type ToPrimary =
  /** This worker listens for events now; none is relayed to it before (it would be lost). */
  | { inkwell: "ready" }
  /** An event this worker emitted; answered with `heard` once every other worker has it. */
  | { inkwell: "event"; id: number; event: AppEvent }
  /** This worker has delivered the primary's relayed event `id`. */
  | { inkwell: "heard"; id: number }
  /** Count attempts in the shared windows; answered with `counted`. */
  | { inkwell: "count"; id: number; keys: string[]; windowMs: number; now: number };

export type ToWorker =
  /** Another process's event, to deliver here and answer with `heard`. */
  | { inkwell: "event"; id: number; event: AppEvent }
  /** Every other worker has the event this worker sent as `id`. */
  | { inkwell: "heard"; id: number }
  | { inkwell: "counted"; id: number; counts: number[] };

export function isClusterMessage<T extends { inkwell: string }>(message: unknown): message is T {
  return typeof message === "object" && message !== null && "inkwell" in message;
}

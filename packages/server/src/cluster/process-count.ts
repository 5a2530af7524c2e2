import { availableParallelism } from "node:os";

/**
 * How many processes serve requests: WEB_CONCURRENCY when set, else one per core. One
 * process serves alone; more run as a cluster (cluster/primary.ts).
 */
export function processCount(setting: string | undefined): number {
  if (setting === undefined || setting.trim() === "") return availableParallelism();
  if (!/^\s*\d{1,3}\s*$/.test(setting) || Number(setting) < 1) {
    throw new Error(
      `WEB_CONCURRENCY must be a whole number of processes, 1 or more (it is "${setting}")`,
    );
  }
  return Number(setting);
}

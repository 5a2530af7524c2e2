import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ServerProcess, send, startServerProcess } from "../testing/server-process.ts";

// Long enough for every check below to run while the second worker has not joined.
const JOIN_DELAY_MS = 8_000;

let cluster: ServerProcess;

beforeAll(async () => {
  cluster = await startServerProcess(
    join(import.meta.dirname, "../testing/late-joining-cluster.ts"),
    {
      PORT: "0",
      JOIN_DELAY_MS: String(JOIN_DELAY_MS),
    },
  );
});

afterAll(() => cluster?.stop());

interface WorkerAnswer {
  pid: number;
  joined: boolean;
}

const ask = async () =>
  JSON.parse((await send(cluster.base, "GET", { timeoutMs: 2_000 })).body) as WorkerAnswer;

describe("the primary relays events", () => {
  it("only to workers that listen: one still starting does not hold a write's answer", async () => {
    const answers: WorkerAnswer[] = [];
    // Connections go to the workers in turn: four meet each twice. Every answer came in
    // time (2 s each), those of the joined worker after its event was heard everywhere.
    for (let i = 0; i < 4; i++) answers.push(await ask());
    expect(new Set(answers.map((answer) => answer.pid)).size).toBe(2);
    expect(answers.map((answer) => answer.joined).sort()).toEqual([false, false, true, true]);
  });

  it("to a worker once it has joined, and it answers them", async () => {
    const bothJoined = async () => {
      const answers = [await ask(), await ask()];
      return answers.every((answer) => answer.joined);
    };
    await expect.poll(bothJoined, { timeout: JOIN_DELAY_MS + 5_000, interval: 500 }).toBe(true);
  });
});

import { execFileSync } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "../db/connection.ts";
import { createPostgresDatabase } from "../testing/database.ts";
import { createStory, signedInUser } from "../testing/fixtures.ts";
import {
  type Answer,
  type ServerProcess,
  send as sendRequest,
  startServerProcess,
} from "../testing/server-process.ts";
import { processCount } from "./process-count.ts";

/**
 * The server as `npm start` runs it, with two processes. Every request below opens a new
 * connection, and node:cluster hands new connections to the workers in turn, so each
 * check meets both processes: what one process learns, the other must know.
 */
const PROCESSES = 2;

let server: ServerProcess;
let db: DatabaseHandle;
let dataDir: string;
let dropDatabase = async () => {};

const send = (
  method: string,
  path: string,
  options: { cookie?: string; json?: unknown } = {},
): Promise<Answer> => sendRequest(`${server.base}${path}`, method, options);

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "inkwell-cluster-"));
  let url = "";
  if (process.env.TEST_ENGINE === "postgres") {
    const database = await createPostgresDatabase();
    url = database.url;
    dropDatabase = database.drop;
  }
  server = await startServerProcess(join(import.meta.dirname, "../main.ts"), {
    PORT: "0",
    DATA_DIR: dataDir,
    DATABASE_URL: url,
    NODE_ENV: "production",
    // Production refuses to start without the origin of its emailed links.
    PUBLIC_URL: "http://localhost",
    WEB_CONCURRENCY: String(PROCESSES),
  });
  db = url ? openDatabase({ url }) : openDatabase({ dataDir });
});

afterAll(async () => {
  await server?.stop();
  await db?.close();
  await dropDatabase();
  await rm(dataDir, { recursive: true, force: true });
});

describe("several processes serve as one", () => {
  it("counts a rate limit across the processes", async () => {
    const attempt = () =>
      send("POST", "/login", { json: { username: "nobody_here", password: "wrong password" } });
    for (let i = 0; i < 10; i++) expect((await attempt()).status).toBe(401);
    const over = await attempt();
    expect(over.status).toBe(429);
    expect(JSON.parse(over.body)).toMatchObject({ code: "rate_limited" });
  });

  it("drops a story's cached pages in every process once a vote is answered", async () => {
    const author = await signedInUser(db.db);
    const reader = await signedInUser(db.db);
    const story = await createStory(db.db, author.id);
    const votes = async () => {
      const page = await send("GET", `/story/${story.id}`);
      expect(page.status).toBe(200);
      return /<span>Votes<\/span><\/dt><dd>([^<]*)<\/dd>/.exec(page.body)?.[1];
    };
    for (let i = 0; i < 2 * PROCESSES; i++) expect(await votes()).toBe("0");
    const vote = await send("POST", `/api/v3/stories/${story.id}/parts/${story.partIds[0]}/votes`, {
      cookie: reader.cookie,
    });
    expect(vote.status).toBe(200);
    for (let i = 0; i < 2 * PROCESSES; i++) expect(await votes()).toBe("1");
  });

  it("takes a closed account's story out of every process's cached pages at once", async () => {
    const author = await signedInUser(db.db);
    const moderator = await signedInUser(db.db, { is_ambassador: 1 });
    const story = await createStory(db.db, author.id, { title: "Tidewater Hours" });
    const statuses = async () => {
      const answers = [];
      for (let i = 0; i < 2 * PROCESSES; i++)
        answers.push((await send("GET", `/story/${story.id}`)).status);
      return answers;
    };
    // Rendered twice in each process: kept from then on (PageCache's keepAfter).
    expect([...(await statuses()), ...(await statuses())]).toEqual(Array(4 * PROCESSES).fill(200));
    const closed = await send("POST", `/api/v3/users/${author.username}/moderation/close`, {
      cookie: moderator.cookie,
      json: { reason: "copyright" },
    });
    expect(closed.status).toBe(200);
    expect(await statuses()).toEqual(Array(2 * PROCESSES).fill(404));
  });

  it("counts 50 concurrent votes on both processes exactly", async () => {
    const author = await signedInUser(db.db);
    const story = await createStory(db.db, author.id);
    const readers = await Promise.all(Array.from({ length: 50 }, () => signedInUser(db.db)));
    const path = `/api/v3/stories/${story.id}/parts/${story.partIds[0]}/votes`;
    const answers = await Promise.all(
      readers.map((reader) => send("POST", path, { cookie: reader.cookie })),
    );
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    const details = await send("GET", `/api/v3/stories/${story.id}?fields=voteCount`);
    expect(JSON.parse(details.body)).toEqual({ voteCount: 50 });
  });

  it("delivers a message to the recipient's live stream open on another process", async () => {
    const sender = await signedInUser(db.db);
    const recipient = await signedInUser(db.db);
    const received: string[] = [];
    const stream = request(`${server.base}/api/v3/users/${recipient.username}/inbox-events`, {
      agent: false,
      headers: { cookie: recipient.cookie, accept: "text/event-stream" },
    });
    const open = new Promise<void>((resolve, reject) => {
      stream.on("response", (incoming) => {
        expect(incoming.statusCode).toBe(200);
        incoming.setEncoding("utf8");
        incoming.on("data", (chunk: string) => {
          for (const match of chunk.matchAll(/"body":"([^"]*)"/g)) received.push(match[1] ?? "");
        });
        resolve();
      });
      stream.on("error", reject);
    });
    stream.end();
    await open;
    const bodies = Array.from({ length: 2 * PROCESSES }, (_, i) => `Message ${i + 1}`);
    for (const body of bodies) {
      const sent = await send(
        "POST",
        `/api/v3/users/${sender.username}/inbox/${recipient.username}`,
        {
          cookie: sender.cookie,
          json: { sender: sender.username, recipient: recipient.username, body },
        },
      );
      expect(sent.status).toBe(200);
    }
    await expect.poll(() => received).toEqual(bodies);
    stream.destroy();
  });
});

describe("a worker that dies", () => {
  it("is replaced; writes meanwhile are answered, and the replacement serves", async () => {
    const author = await signedInUser(db.db);
    const reader = await signedInUser(db.db);
    const story = await createStory(db.db, author.id);
    const workers = () =>
      execFileSync("pgrep", ["-P", String(server.child.pid)], { encoding: "utf8" })
        .trim()
        .split("\n")
        .map(Number);
    const before = workers();
    expect(before).toHaveLength(PROCESSES);
    const [dying] = before;
    process.kill(dying as number, "SIGKILL");
    await expect
      .poll(() => workers().filter((pid) => !before.includes(pid)), { timeout: 15_000 })
      .toHaveLength(1);
    // The replacement is still starting: the vote's event must not wait for it.
    const vote = await send("POST", `/api/v3/stories/${story.id}/parts/${story.partIds[0]}/votes`, {
      cookie: reader.cookie,
    });
    expect(vote.status).toBe(200);
    for (let i = 0; i < 2 * PROCESSES; i++) {
      expect((await send("GET", "/healthz")).status).toBe(200);
    }
  });
});

describe("processCount", () => {
  it("takes WEB_CONCURRENCY, else one process per core", () => {
    expect(processCount("3")).toBe(3);
    expect(processCount(undefined)).toBeGreaterThanOrEqual(1);
    expect(processCount("")).toBe(processCount(undefined));
  });

  it("refuses a setting that is not a whole number of processes", () => {
    for (const setting of ["0", "-1", "two", "1.5"]) {
      expect(() => processCount(setting)).toThrow(/WEB_CONCURRENCY must be a whole number/);
    }
  });
});

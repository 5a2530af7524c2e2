import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestApi } from "../testing/api.ts";
import { signedInUser } from "../testing/fixtures.ts";

const t = useTestApi();

let server: Server;
let port: number;

beforeAll(async () => {
  // Over real HTTP, as served: the adapter closes a connection whose unread body is slow to drain.
  server = createServer(getRequestListener(t.api.fetch)).listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => server.close());

interface Answer {
  status: number;
  body: unknown;
}

/**
 * A visitor's picture upload from a slow phone: 12 pieces of 100 KB, 60 ms apart (over half a second
 * in all), and the answer read once the whole body is sent, as a browser does.
 */
function slowUpload(method: string, path: string) {
  const piece = "A".repeat(100 * 1024);
  const body = [`{"id":1,"image":"`, ...Array.from({ length: 12 }, () => piece), `"}`];
  const headers = {
    "content-type": "application/json",
    "content-length": body.reduce((total, part) => total + part.length, 0),
  };
  return new Promise<Answer>((resolve, reject) => {
    let sent = false;
    let answer: Promise<Answer> | undefined;
    const sending = request({ host: "127.0.0.1", port, method, path, headers }, (response) => {
      answer = response.toArray().then((parts) => ({
        status: response.statusCode ?? 0,
        body: JSON.parse(Buffer.concat(parts).toString()),
      }));
    });
    sending.on("error", reject);
    // What a browser reports as a network error: the connection gone before the body was sent.
    sending.on("close", () =>
      sent && answer ? resolve(answer) : reject(new Error("closed before the upload was sent")),
    );
    const send = (index: number) => {
      if (index === body.length - 1) {
        sending.end(body[index], () => {
          sent = true;
        });
        return;
      }
      sending.write(body[index]);
      setTimeout(() => send(index + 1), 60);
    };
    send(0);
  });
}

const signInFirst = { code: "unauthorized", message: "Log in to continue." };

describe("an upload refused before its body is read", () => {
  it("still reaches a slow client with its message, on every picture call", async () => {
    for (const [method, path] of [
      ["POST", "/apiv2/updatestorycover"],
      ["POST", "/v4/parts/1/images"],
      ["PATCH", "/api/v3/users/someone"],
    ] as const) {
      expect([path, await slowUpload(method, path)]).toEqual([
        path,
        { status: 401, body: signInFirst },
      ]);
    }
  });
});

describe("an upload declared larger than any picture", () => {
  it("is refused at once, and the connection ends with the answer", async () => {
    const reader = await signedInUser(t.handle.db);
    const headers = {
      "content-type": "application/json",
      "content-length": 8 * 1024 * 1024,
      cookie: reader.cookie,
    };
    const sending = request({
      host: "127.0.0.1",
      port,
      method: "POST",
      path: "/apiv2/updatestorycover",
      headers,
    });
    const answer = new Promise<Answer & { connection: string | undefined }>((resolve, reject) => {
      sending.on("error", reject);
      sending.on("response", (response) => {
        void response.toArray().then((parts) =>
          resolve({
            status: response.statusCode ?? 0,
            connection: response.headers.connection,
            body: JSON.parse(Buffer.concat(parts).toString()),
          }),
        );
      });
    });
    sending.flushHeaders();
    expect(await answer).toEqual({
      status: 413,
      connection: "close",
      body: {
        code: "image_too_large",
        message: "The image is larger than 5 MB. Choose a smaller one.",
      },
    });
    sending.destroy();
  });
});

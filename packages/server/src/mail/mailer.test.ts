import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../db/connection.ts";
import { openTestDatabase } from "../testing/database.ts";
import { sendMail } from "./mailer.ts";

let handle: DatabaseHandle;
let smtp: SMTPServer;
const received: string[] = [];

beforeAll(async () => {
  handle = await openTestDatabase();
  // A local SMTP server that accepts anything and keeps what it was sent.
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, _session, callback) {
      let data = "";
      stream.on("data", (chunk: Buffer) => {
        data += chunk.toString();
      });
      stream.on("end", () => {
        received.push(data);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
});

afterAll(async () => {
  delete process.env.SMTP_URL;
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await handle.close();
});

describe("sendMail", () => {
  it("keeps every mail in the outbox and, with SMTP_URL, delivers it and marks it sent", async () => {
    delete process.env.SMTP_URL;
    await sendMail(handle.db, {
      to: "one@example.com",
      subject: "Kept",
      text: "Only in the outbox.",
    });
    const port = (smtp.server.address() as AddressInfo).port;
    process.env.SMTP_URL = `smtp://127.0.0.1:${port}`;
    await sendMail(handle.db, {
      to: "two@example.com",
      subject: "Delivered",
      text: "By SMTP too.",
    });

    const outbox = await handle.db
      .selectFrom("outbox")
      .select(["to_address", "subject", "sent_at"])
      .orderBy("id")
      .execute();
    expect(outbox.map((mail) => [mail.to_address, mail.subject, mail.sent_at !== null])).toEqual([
      ["one@example.com", "Kept", false],
      ["two@example.com", "Delivered", true],
    ]);
    expect(received).toHaveLength(1);
    expect(received[0]).toContain("Subject: Delivered");
    expect(received[0]).toContain("To: two@example.com");
    expect(received[0]).toContain("By SMTP too.");
  });
});

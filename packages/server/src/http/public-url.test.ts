import { spawn } from "node:child_process";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { publicUrlFromEnv } from "./public-url.ts";

describe("the public origin", () => {
  it("is PUBLIC_URL's origin when set, else http://localhost and the port outside production", () => {
    expect(publicUrlFromEnv({ PUBLIC_URL: "https://inkwell.example" })).toBe(
      "https://inkwell.example",
    );
    expect(
      publicUrlFromEnv({ PUBLIC_URL: "https://inkwell.example/", NODE_ENV: "production" }),
    ).toBe("https://inkwell.example");
    expect(publicUrlFromEnv({ PUBLIC_URL: "http://Inkwell.Example:8080" })).toBe(
      "http://inkwell.example:8080",
    );
    expect(publicUrlFromEnv({ PORT: "4100" })).toBe("http://localhost:4100");
    expect(publicUrlFromEnv({})).toBe("http://localhost:3000");
    expect(publicUrlFromEnv({ PUBLIC_URL: "", NODE_ENV: "development" })).toBe(
      "http://localhost:3000",
    );
  });

  it("is required in production, and must be an origin", () => {
    const required = /PUBLIC_URL must be set in production/;
    expect(() => publicUrlFromEnv({ NODE_ENV: "production" })).toThrow(required);
    expect(() => publicUrlFromEnv({ NODE_ENV: "production", PUBLIC_URL: "" })).toThrow(required);
    for (const wrong of [
      "inkwell.example",
      "ftp://inkwell.example",
      "https://inkwell.example/app",
      "https://inkwell.example/?x=1",
      "https://user:pass@inkwell.example",
    ]) {
      expect(() => publicUrlFromEnv({ PUBLIC_URL: wrong }), wrong).toThrow(
        /PUBLIC_URL must be an origin/,
      );
    }
  });

  it("keeps a production server from starting without it, saying why", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "inkwell-public-url-"));
    try {
      const main = join(import.meta.dirname, "../main.ts");
      const child = spawn(process.execPath, [main], {
        env: {
          ...process.env,
          NODE_ENV: "production",
          PUBLIC_URL: "",
          PORT: "0",
          DATA_DIR: dataDir,
          DATABASE_URL: "",
          WEB_CONCURRENCY: "1",
        },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let output = "";
      const collect = (chunk: Buffer) => {
        output += chunk.toString();
        // A server that starts anyway is stopped: the assertions below then say so.
        if (output.includes("ready on")) child.kill();
      };
      child.stdout.on("data", collect);
      child.stderr.on("data", collect);
      const timer = setTimeout(() => child.kill(), 20_000);
      const code = await new Promise<number | null>((done) => child.once("exit", done));
      clearTimeout(timer);
      expect(code, output).not.toBe(0);
      expect(output).toContain("PUBLIC_URL must be set in production");
      expect(output).not.toContain("ready on");
      // Refused before anything was opened: no database was made.
      expect(await readdir(dataDir)).toEqual([]);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

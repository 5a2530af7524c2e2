import { type ChildProcess, spawn } from "node:child_process";
import { request } from "node:http";

/** A server script run as its own process group, and the address it said it serves on. */
export interface ServerProcess {
  child: ChildProcess;
  base: string;
  stop(): Promise<void>;
}

export interface Answer {
  status: number;
  body: string;
}

/** Runs `script` with `env` until it prints "ready on http://localhost:PORT". */
export function startServerProcess(
  script: string,
  env: Record<string, string>,
): Promise<ServerProcess> {
  const child = spawn(process.execPath, [script], {
    env: { ...process.env, ...env },
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const stop = async () => {
    if (child.pid === undefined || child.exitCode !== null) return;
    const exited = new Promise((done) => child.once("exit", done));
    process.kill(-child.pid, "SIGTERM");
    await exited;
  };
  let output = "";
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`No ready line:\n${output}`)), 60_000);
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      const ready = /ready on (http:\/\/localhost:\d+)/.exec(output);
      if (ready?.[1]) {
        clearTimeout(timer);
        resolve({ child, base: ready[1], stop });
      }
    };
    child.stdout?.on("data", collect);
    child.stderr?.on("data", collect);
    child.once("exit", (code) => reject(new Error(`Server exited (${code}):\n${output}`)));
  });
}

/**
 * One request on a connection of its own: node:cluster hands each new connection to the
 * next worker, so a series of these meets every process.
 */
export function send(
  url: string,
  method: string,
  options: { cookie?: string; json?: unknown; timeoutMs?: number } = {},
): Promise<Answer> {
  const body = options.json === undefined ? undefined : JSON.stringify(options.json);
  return new Promise((resolve, reject) => {
    const outgoing = request(
      url,
      {
        method,
        agent: false,
        timeout: options.timeoutMs,
        headers: {
          ...(options.cookie && { cookie: options.cookie }),
          ...(body !== undefined && { "content-type": "application/json" }),
        },
      },
      (incoming) => {
        let text = "";
        incoming.setEncoding("utf8");
        incoming.on("data", (chunk: string) => {
          text += chunk;
        });
        incoming.on("end", () => resolve({ status: incoming.statusCode ?? 0, body: text }));
      },
    );
    outgoing.on("timeout", () =>
      outgoing.destroy(new Error(`No answer to ${method} ${url} in ${options.timeoutMs} ms`)),
    );
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}

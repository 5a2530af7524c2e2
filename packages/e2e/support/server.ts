import { type ChildProcess, spawn } from "node:child_process";
import { cp, mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, inject } from "vitest";

const ROOT = join(import.meta.dirname, "..", "..", "..");
const NODE = join(ROOT, "node_modules", ".bin", "node");
const START_SCRIPT = join(ROOT, "scripts", "start.ts");
const READY_TIMEOUT_MS = 150_000;
const STOP_TIMEOUT_MS = 10_000;
const LOG_TAIL_CHARS = 4_000;

export interface RunningServer {
  /** The base URL, without a trailing slash: `http://localhost:PORT`. */
  url: string;
  /** Its DATA_DIR, holding the SQLite database (inkwell.sqlite). */
  dataDir: string;
  stop(): Promise<void>;
}

/** Asks the OS for a free TCP port: listen on port 0, read it back, close. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.once("error", reject);
    probe.listen(0, () => {
      const address = probe.address();
      if (address === null || typeof address === "string") {
        probe.close();
        reject(new Error("Could not read the probe socket's port"));
        return;
      }
      probe.close((error) => (error ? reject(error) : resolve(address.port)));
    });
  });
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once("exit", () => resolve()));
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch (error) {
    // ESRCH: the group is already gone.
    if ((error as NodeJS.ErrnoException).code !== "ESRCH") throw error;
  }
}

async function waitForHealth(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let exitedEarly = false;
  child.once("exit", () => {
    exitedEarly = true;
  });
  while (Date.now() < deadline) {
    if (exitedEarly) {
      throw new Error(
        `The server exited before it was ready (code ${child.exitCode}, signal ${child.signalCode}).\n${log()}`,
      );
    }
    try {
      const response = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2_000) });
      await response.body?.cancel();
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server was not ready within ${READY_TIMEOUT_MS / 1000} s.\n${log()}`);
}

/**
 * The shell's environment, with a fresh SQLite database: no DATABASE_URL (which could name a
 * shared PostgreSQL server), SEED_DEMO so the catalogue is seeded even if NODE_ENV says
 * production, and PUBLIC_URL the server's own address, so emailed links and the sign-in
 * callback lead back to it (and production, which requires PUBLIC_URL, starts).
 * TRUSTED_PROXIES=1: the browser's contexts each name their own address in X-Forwarded-For
 * (browser.ts), as readers behind a proxy do; a request without one counts at loopback.
 */
function serverEnv(
  port: number,
  dataDir: string,
  extra: Record<string, string> = {},
): NodeJS.ProcessEnv {
  const { DATABASE_URL: _ignored, ...env } = process.env;
  return {
    ...env,
    PUBLIC_URL: `http://localhost:${port}`,
    TRUSTED_PROXIES: "1",
    ...extra,
    PORT: String(port),
    DATA_DIR: dataDir,
    SEED_DEMO: "1",
  };
}

export interface ServerOptions {
  /** Extra environment for the server (e.g. OIDC_ISSUER for a mock provider). */
  env?: Record<string, string>;
  /** A data directory to start from a copy of; without it, an empty one the demo is seeded into. */
  from?: string;
  /** Leave the data directory behind when the server stops (the seeded template). */
  keepData?: boolean;
}

/**
 * Starts the product as a user would (`node scripts/start.ts`) on a free port with a data
 * directory of its own: empty, so the deterministic demo catalogue is seeded into it, or a
 * copy of `from`, which it only migrates.
 */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = await mkdtemp(join(tmpdir(), "inkwell-e2e-"));
  if (options.from) await cp(options.from, dataDir, { recursive: true });
  const url = `http://localhost:${port}`;

  let output = "";
  const child = spawn(NODE, [START_SCRIPT], {
    cwd: ROOT,
    env: serverEnv(port, dataDir, options.env),
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString("utf8")).slice(-LOG_TAIL_CHARS);
  };
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);
  const log = () => `--- server output (tail) ---\n${output}`;

  let stopped: Promise<void> | undefined;
  const stop = () => {
    stopped ??= (async () => {
      const gone = exited(child);
      killGroup(child, "SIGTERM");
      const timer = setTimeout(() => killGroup(child, "SIGKILL"), STOP_TIMEOUT_MS);
      await gone;
      clearTimeout(timer);
      // Children of the start script (if any) share the group; make sure none outlive it.
      killGroup(child, "SIGKILL");
      if (!options.keepData) await rm(dataDir, { recursive: true, force: true });
    })();
    return stopped;
  };

  try {
    await waitForHealth(url, child, log);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, dataDir, stop };
}

declare module "vitest" {
  export interface ProvidedContext {
    /** The data directory global-setup.ts seeded the demo catalogue into, once per run. */
    seededDataDir: string;
  }
}

/**
 * One server shared by every test of the calling file: started in beforeAll, stopped in afterAll.
 * It starts from a copy of the run's seeded catalogue, which is the same for every file and
 * takes seconds to build. Read `server.url` inside tests or hooks, not at module load.
 */
export function useServer(options: { env?: () => Record<string, string> } = {}): {
  readonly url: string;
  readonly dataDir: string;
} {
  let running: RunningServer | undefined;
  beforeAll(async () => {
    // A function, read when the server starts: earlier hooks may start what it names.
    running = await startServer({ env: options.env?.(), from: inject("seededDataDir") });
  });
  afterAll(async () => {
    await running?.stop();
  });
  const current = () => {
    if (!running) throw new Error("The server is not running (read it inside a test or hook)");
    return running;
  };
  return {
    get url() {
      return current().url;
    },
    get dataDir() {
      return current().dataDir;
    },
  };
}

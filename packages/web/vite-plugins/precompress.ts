import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { Plugin } from "vite";

/** What a browser gains from compressed: text, not images already compressed. */
const COMPRESSIBLE = /\.(js|css|svg|json|txt|map)$/;
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;

function* filesUnder(directory: string): Generator<string> {
  for (const name of readdirSync(directory)) {
    const path = join(directory, name);
    if (statSync(path).isDirectory()) yield* filesUnder(path);
    else yield path;
  }
}

/** Writes `file.br` and `file.gz` beside each compressible file of `directory`. */
export function precompressDirectory(directory: string): void {
  for (const path of filesUnder(directory)) {
    if (!COMPRESSIBLE.test(path)) continue;
    const content = readFileSync(path);
    if (content.byteLength < MIN_BYTES) continue;
    writeFileSync(
      `${path}.br`,
      brotliCompressSync(content, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: content.byteLength,
        },
      }),
    );
    writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
  }
}

/**
 * Compresses the browser's files once, at build time, at the strongest levels: the server
 * sends the copy the browser accepts (serveStatic's `precompressed`) and spends no CPU on it.
 */
export function precompress(): Plugin {
  return {
    name: "inkwell:precompress",
    apply: "build",
    writeBundle(options) {
      if (this.environment.name !== "client" || !options.dir) return;
      precompressDirectory(options.dir);
    },
  };
}

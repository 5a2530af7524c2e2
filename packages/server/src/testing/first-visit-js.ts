import { gzipSync } from "node:zlib";

/*
 * The JavaScript a first visit to a page downloads: what the bench reports against a running
 * server (bench/http.ts) and web.test.ts checks in-process, with one way of counting. Also
 * its stylesheets, which block its first paint.
 */

/** 150 kB of gzipped JavaScript for a first visit to a story page (1 kB = 1000 bytes). */
export const STORY_JS_BUDGET_BYTES = 150_000;
/** 170 kB for a signed-in reader's first visit to /home (issue #5). */
export const HOME_JS_BUDGET_BYTES = 170_000;
/**
 * Files a first visit to a story page asks for: each is a round trip on a slow phone's
 * HTTP/1.1 connections (decision 081-lighthouse-budgets). The shell chunk brought 63 to 36.
 */
export const STORY_JS_FILES_BUDGET = 40;
/**
 * 13.5 kB of gzipped stylesheets for a first visit to a story page: the writer tools' rules
 * left app.css for the /myworks routes (16.1 → 14.7 kB; decision 085), then the inbox's,
 * search's and settings' for their own routes (14.8 → 13.1 kB; decision 088), then the part
 * page's Reading settings sheet's (13.7 → 13.4 kB), and its paragraph comments sheet's
 * (13.5 → 13.4 kB).
 */
export const STORY_CSS_BUDGET_BYTES = 13_500;

export interface JsReport {
  listed: Array<{ url: string; raw: number; gzip: number }>;
  /** Modules reached by static imports but not listed in the page (normally none). */
  unlisted: Array<{ url: string; raw: number; gzip: number }>;
  inlineGzip: number;
  totalGzip: number;
}

/** How files are fetched: the global fetch against a server, or an app's own request. */
export type FetchFile = (
  url: string,
  init?: { headers: Record<string, string> },
) => Promise<Response>;

const gzipSize = (body: Uint8Array | string): number =>
  gzipSync(typeof body === "string" ? Buffer.from(body) : body, { level: 9 }).length;

/**
 * Every script the page at `path` lists (script src, modulepreload) or imports statically,
 * inline or from a fetched module, each gzipped at level 9 as a browser would download it.
 */
export async function measureJavaScript(
  fetchFile: FetchFile,
  base: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<JsReport> {
  const page = await fetchFile(`${base}${path}`, { headers });
  if (!page.ok) throw new Error(`GET ${path} answered ${page.status}`);
  const html = await page.text();
  const listed = new Set<string>();
  for (const match of html.matchAll(/<script\b[^>]*?\bsrc="([^"]+)"/g)) {
    listed.add(new URL(match[1] as string, base).href);
  }
  for (const match of html.matchAll(/<link\b[^>]*>/g)) {
    const tag = match[0];
    const href = /\bhref="([^"]+)"/.exec(tag)?.[1];
    if (href && /\brel="modulepreload"/.test(tag)) listed.add(new URL(href, base).href);
  }
  // Inline module scripts (the hydration entry) import modules as well.
  let inline = "";
  const imported = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    if (/\bsrc=/.test(match[1] as string)) continue;
    const code = match[2] as string;
    inline += code;
    for (const specifier of staticImports(code)) imported.add(new URL(specifier, base).href);
  }

  const fetched = new Map<string, Uint8Array>();
  const queue = [...listed, ...imported];
  while (queue.length > 0) {
    const url = queue.shift() as string;
    if (fetched.has(url)) continue;
    const response = await fetchFile(url);
    if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
    const body = new Uint8Array(await response.arrayBuffer());
    fetched.set(url, body);
    for (const specifier of staticImports(Buffer.from(body).toString())) {
      queue.push(new URL(specifier, url).href);
    }
  }
  const entry = ([url, body]: [string, Uint8Array]) => ({
    url: new URL(url).pathname,
    raw: body.length,
    gzip: gzipSize(body),
  });
  const all = [...fetched].map(entry);
  const listedPaths = new Set([...listed].map((url) => new URL(url).pathname));
  return {
    listed: all.filter((file) => listedPaths.has(file.url)),
    unlisted: all.filter((file) => !listedPaths.has(file.url)),
    inlineGzip: inline ? gzipSize(inline) : 0,
    totalGzip: all.reduce((sum, file) => sum + file.gzip, 0),
  };
}

/** Every stylesheet the page at `path` links, each gzipped at level 9. */
export async function measureStylesheets(
  fetchFile: FetchFile,
  base: string,
  path: string,
): Promise<{ urls: string[]; totalGzip: number }> {
  const page = await fetchFile(`${base}${path}`);
  if (!page.ok) throw new Error(`GET ${path} answered ${page.status}`);
  const html = await page.text();
  const urls: string[] = [];
  let totalGzip = 0;
  for (const match of html.matchAll(/<link\b[^>]*\brel="stylesheet"[^>]*>/g)) {
    const href = /\bhref="([^"#]+)#?"/.exec(match[0])?.[1];
    if (!href) continue;
    const response = await fetchFile(new URL(href, base).href);
    if (!response.ok) throw new Error(`GET ${href} answered ${response.status}`);
    urls.push(href);
    totalGzip += gzipSize(new Uint8Array(await response.arrayBuffer()));
  }
  return { urls, totalGzip };
}

/** Static `import … from "x"` / `import "x"` / `export … from "x"` specifiers (not import()). */
function staticImports(code: string): string[] {
  const specifiers: string[] = [];
  for (const match of code.matchAll(/\b(?:import|from)\s*["']([^"']+\.m?js)["']/g)) {
    specifiers.push(match[1] as string);
  }
  return specifiers;
}

/**
 * The origin readers know the site by (`https://inkwell.example`), decided once at start-up
 * and never from a request: emailed links (verify, reset, alerts, newsletter, writers'
 * notices) and the Google sign-in callback are built on it, so a forged Host header cannot
 * send them elsewhere. PUBLIC_URL when set; otherwise http://localhost:PORT, except in
 * production (NODE_ENV=production), which refuses to start without it.
 */
export function publicUrlFromEnv(env: NodeJS.ProcessEnv = process.env): string {
  const configured = env.PUBLIC_URL ?? "";
  if (configured === "") {
    if (env.NODE_ENV === "production") {
      throw new Error(
        "PUBLIC_URL must be set in production: the origin readers reach the site at (e.g. https://inkwell.example), used in emailed links and the Google sign-in callback",
      );
    }
    return `http://localhost:${env.PORT || 3000}`;
  }
  // An origin and nothing more: the site is served at the root, and links append paths.
  const url = URL.parse(configured);
  const origin =
    url !== null &&
    (url.protocol === "https:" || url.protocol === "http:") &&
    url.pathname === "/" &&
    !url.search &&
    !url.hash &&
    !url.username &&
    !url.password;
  if (!url || !origin) {
    throw new Error(
      `PUBLIC_URL must be an origin such as https://inkwell.example, not "${configured}"`,
    );
  }
  return url.origin;
}

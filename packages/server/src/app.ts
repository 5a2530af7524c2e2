import { join } from "node:path";
import { OpenAPIHono } from "@hono/zod-openapi";
import { getCookie } from "hono/cookie";
import { HTTPException } from "hono/http-exception";
import { localeRoutes } from "./accounts/locale-routes.ts";
import { oauthRoutes } from "./accounts/oauth-routes.ts";
import { accountRoutes } from "./accounts/routes.ts";
import { SESSION_COOKIE, viewerForSession } from "./accounts/sessions.ts";
import { settingsRoutes } from "./accounts/settings-routes.ts";
import { alertRoutes } from "./alerts/routes.ts";
import { analyticsRoutes } from "./analytics/routes.ts";
import { type Checkout, checkoutFromEnv } from "./coins/checkout.ts";
import { coinRoutes } from "./coins/routes.ts";
import { commentRoutes } from "./comments/routes.ts";
import { contestRoutes } from "./contests/routes.ts";
import type { DatabaseHandle } from "./db/connection.ts";
import { eventsHeard } from "./events.ts";
import { homeRoutes } from "./home/routes.ts";
import { adExemptCountriesFromEnv, countryHeaderFromEnv } from "./http/ad-audience.ts";
import type { AppEnv } from "./http/app-env.ts";
import { bodyCap } from "./http/body-cap.ts";
import { compressJson } from "./http/compress-json.ts";
import { frameworkRefusal, HttpError, INTERNAL_ERROR } from "./http/errors.ts";
import { publicUrlFromEnv } from "./http/public-url.ts";
import { type AccountLimiters, accountLimiters } from "./http/rate-limit.ts";
import { trustedProxiesFromEnv } from "./http/request-info.ts";
import { sameOriginOnly } from "./http/same-origin.ts";
import { imageModerationRoutes } from "./image-moderation/routes.ts";
import { inboxRoutes } from "./inbox/routes.ts";
import { listRoutes } from "./lists/routes.ts";
import { mediaRoutes } from "./media/routes.ts";
import { moderationRoutes } from "./moderation/routes.ts";
import { notesRoutes } from "./notes/routes.ts";
import { partRoutes } from "./parts/routes.ts";
import { premiumRoutes } from "./premium/routes.ts";
import { premiumPicksRoutes } from "./premium-picks/routes.ts";
import { privacyRoutes } from "./privacy/routes.ts";
import { profileMessageRoutes } from "./profile-messages/routes.ts";
import { promotionRoutes } from "./promotions/routes.ts";
import { readingRoutes } from "./reading/routes.ts";
import { safetyRoutes } from "./safety/routes.ts";
import { searchRoutes } from "./search/routes.ts";
import { storyRoutes } from "./stories/routes.ts";
import { storyStaffRoutes } from "./story-staff/routes.ts";
import { supportRoutes } from "./support/routes.ts";
import { userRoutes } from "./users/routes.ts";
import { voteRoutes } from "./votes/routes.ts";
import { worksRoutes } from "./works/routes.ts";
import { writerOnboardingRoutes } from "./writer-onboarding/routes.ts";

export type { DatabaseHandle } from "./db/connection.ts";
export type { AppEnv } from "./http/app-env.ts";

/**
 * The public API: every call of the spec, path for path. The web app is one of its
 * clients (through `app.request` on the server, fetch in the browser).
 */
export interface ApiOptions {
  limits?: AccountLimiters;
  /** Where uploaded images go (DATA_DIR/media when served); `data/media` when not given. */
  mediaDir?: string;
  /** Takes the money for Coin packs and Premium; COIN_CHECKOUT's when not given, null for none. */
  checkout?: Checkout | null;
  /**
   * The origin of emailed links and the Google sign-in callback, never taken from a
   * request; PUBLIC_URL's (else http://localhost:PORT) when not given (http/public-url.ts).
   */
  publicUrl?: string;
  /** Reverse proxies in front whose X-Forwarded-For to trust; TRUSTED_PROXIES's when not given. */
  trustedProxies?: number;
  /** The trusted proxy's header naming the request's country; COUNTRY_HEADER's when not given. */
  countryHeader?: string | null;
  /** Countries whose readers see no ads; AD_EXEMPT_COUNTRIES's when not given. */
  adExemptCountries?: ReadonlySet<string>;
}

export function createApi(handle: DatabaseHandle, options: ApiOptions = {}) {
  const app = new OpenAPIHono<AppEnv>();
  const publicUrl = options.publicUrl ?? publicUrlFromEnv();
  const trustedProxies = options.trustedProxies ?? trustedProxiesFromEnv();
  const countryHeader =
    options.countryHeader === undefined
      ? countryHeaderFromEnv(trustedProxies)
      : options.countryHeader;
  const adExemptCountries = options.adExemptCountries ?? adExemptCountriesFromEnv();

  app.get("/healthz", (c) => c.json({ ok: true }));

  // A write answers once every process of a cluster has heard what it changed (events.ts).
  app.use(async (_c, next) => {
    await next();
    await eventsHeard();
  });
  app.use(compressJson());
  // State-changing requests from a browser must come from our own pages.
  app.use(sameOriginOnly());
  app.use(bodyCap());
  app.use(async (c, next) => {
    c.set("db", handle.db);
    c.set("engine", handle.engine);
    c.set("publicUrl", publicUrl);
    c.set("trustedProxies", trustedProxies);
    c.set("countryHeader", countryHeader);
    c.set("adExemptCountries", adExemptCountries);
    c.set("viewer", await viewerForSession(handle.db, getCookie(c, SESSION_COOKIE)));
    await next();
  });

  const limits = options.limits ?? accountLimiters();
  const mediaDir = options.mediaDir ?? join("data", "media");
  app.route("/", accountRoutes(limits));
  app.route("/", oauthRoutes(limits));
  app.route("/", settingsRoutes(limits));
  app.route("/", alertRoutes());
  app.route("/", localeRoutes());
  app.route("/", storyRoutes());
  app.route("/", partRoutes());
  app.route("/", voteRoutes());
  app.route("/", readingRoutes());
  app.route("/", userRoutes(mediaDir, limits));
  app.route("/", searchRoutes());
  app.route("/", listRoutes());
  app.route("/", commentRoutes());
  app.route("/", inboxRoutes(limits));
  app.route("/", profileMessageRoutes());
  app.route("/", safetyRoutes());
  app.route("/", privacyRoutes());
  app.route("/", moderationRoutes());
  app.route("/", imageModerationRoutes());
  app.route("/", storyStaffRoutes());
  app.route("/", premiumPicksRoutes());
  const checkout = options.checkout === undefined ? checkoutFromEnv() : options.checkout;
  app.route("/", coinRoutes(limits, checkout));
  app.route("/", premiumRoutes(limits, checkout));
  app.route("/", promotionRoutes());
  app.route("/", analyticsRoutes());
  app.route("/", supportRoutes(limits));
  app.route("/", worksRoutes(limits));
  app.route("/", notesRoutes());
  app.route("/", contestRoutes());
  app.route("/", writerOnboardingRoutes());
  app.route("/", mediaRoutes(mediaDir, limits));
  app.route("/", homeRoutes());

  app.doc31("/api/openapi.json", {
    openapi: "3.1.0",
    info: { title: "Inkwell API", version: "1" },
  });

  app.onError((error, c) => {
    if (error instanceof HttpError) return c.json(error.toJSON(), error.status);
    if (error instanceof HTTPException && error.status < 500) {
      return c.json(frameworkRefusal(error), error.status);
    }
    console.error(error);
    return c.json(INTERNAL_ERROR, 500);
  });
  return app;
}

export type Api = ReturnType<typeof createApi>;

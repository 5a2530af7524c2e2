import type { AdAudience } from "@inkwell/shared";
import type { Context } from "hono";
import type { AppEnv } from "./app-env.ts";

/** An ISO 3166 alpha-2 country code, as configured and as a proxy sends it. */
const COUNTRY_CODE = /^[A-Z]{2}$/;
/** What Cloudflare's CF-IPCountry says of an address it cannot place. */
const UNKNOWN_COUNTRY = "XX";

/**
 * AD_EXEMPT_COUNTRIES: the countries whose readers are shown no ads (writer-paid-contest.md
 * §9, 'special exempt country'), ISO 3166 alpha-2 codes separated by commas or spaces. None
 * by default: no ad partner has named any yet.
 */
export function adExemptCountriesFromEnv(env: NodeJS.ProcessEnv = process.env): Set<string> {
  const codes = (env.AD_EXEMPT_COUNTRIES ?? "")
    .split(/[\s,]+/)
    .filter((code) => code !== "")
    .map((code) => code.toUpperCase());
  const wrong = codes.find((code) => !COUNTRY_CODE.test(code));
  if (wrong !== undefined) {
    throw new Error(
      `AD_EXEMPT_COUNTRIES must list two-letter country codes such as DE, FR; "${wrong}" is not one`,
    );
  }
  return new Set(codes);
}

/**
 * COUNTRY_HEADER: the request header in which the proxy in front says which country a request
 * came from (CF-IPCountry, CloudFront-Viewer-Country). Only with TRUSTED_PROXIES: a client
 * reaching the server directly could claim any country, as it could any address.
 */
export function countryHeaderFromEnv(
  trustedProxies: number,
  env: NodeJS.ProcessEnv = process.env,
): string | null {
  const configured = (env.COUNTRY_HEADER ?? "").trim();
  if (configured === "") return null;
  if (!/^[A-Za-z0-9-]+$/.test(configured)) {
    throw new Error(
      `COUNTRY_HEADER must be a header name such as CF-IPCountry, not "${configured}"`,
    );
  }
  if (trustedProxies === 0) {
    throw new Error(
      "COUNTRY_HEADER needs TRUSTED_PROXIES: without a proxy in front to set it, any client could claim a country",
    );
  }
  return configured.toLowerCase();
}

/** A country code as a proxy's header or a profile holds it, if it names a known country. */
export function countryCode(value: string | null | undefined): string | null {
  const code = (value ?? "").trim().toUpperCase();
  return COUNTRY_CODE.test(code) && code !== UNKNOWN_COUNTRY ? code : null;
}

/**
 * Whom this request's ad decisions are for: the reader's Premium, and their country: the
 * request's (COUNTRY_HEADER), where they are reading now, else their profile's. A visitor
 * from nowhere known is no reader to check.
 */
export function adAudience(c: Context<AppEnv>): AdAudience {
  const viewer = c.get("viewer");
  const header = c.get("countryHeader");
  const country =
    (header && countryCode(c.req.header(header))) || countryCode(viewer?.country) || null;
  const reader =
    viewer || country !== null ? { isPremium: viewer?.isPremium ?? false, country } : null;
  return { reader, exemptCountries: c.get("adExemptCountries") };
}

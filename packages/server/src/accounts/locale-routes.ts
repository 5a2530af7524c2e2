import { LOCALE_COOKIE, LOCALE_COOKIE_DAYS, languageByCode, safeNextUrl } from "@inkwell/shared";
import { Hono } from "hono";
import type { AppEnv } from "../http/app-env.ts";
import { badRequest } from "../http/errors.ts";
import { readFields } from "../http/request-info.ts";

/** The language dropdown: POST /locale {locale, next} sets the locale cookie and goes back. */
export function localeRoutes() {
  const app = new Hono<AppEnv>();
  app.post("/locale", async (c) => {
    const fields = await readFields(c);
    const language = languageByCode(typeof fields.locale === "string" ? fields.locale : "");
    if (!language)
      throw badRequest("Unknown language", { locale: "Choose one of the listed languages" });
    // Written by hand: Hono refuses lifetimes over 400 days, and the spec asks for 3650
    // (browsers clamp it to their own maximum).
    c.header(
      "set-cookie",
      `${LOCALE_COOKIE}=${language.code}; Max-Age=${LOCALE_COOKIE_DAYS * 86_400}; Path=/; SameSite=Lax`,
      { append: true },
    );
    return c.redirect(safeNextUrl(typeof fields.next === "string" ? fields.next : "/"), 303);
  });
  return app;
}

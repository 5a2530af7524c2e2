import { LOCALE_COOKIE, languageByCode } from "@inkwell/shared";

/** The reader's chosen language code from the Cookie header; English when none is set. */
export function localeFrom(cookieHeader: string | null): string {
  const match = new RegExp(`(?:^|;\\s*)${LOCALE_COOKIE}=([^;]+)`).exec(cookieHeader ?? "");
  return languageByCode(match?.[1])?.code ?? "en";
}

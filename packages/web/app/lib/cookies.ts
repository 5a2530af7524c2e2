import { cookieValue } from "@inkwell/shared";

/** Reads and writes cookies from the browser (document.cookie); lifetimes in days. */
export function readCookie(name: string): string | null {
  return cookieValue(document.cookie, name);
}

export function writeCookie(name: string, value: string, days: number): void {
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing outside secure contexts and in older Safari
  document.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${Math.round(days * 86_400)}; Path=/; SameSite=Lax${secure}`;
}

export function deleteCookie(name: string): void {
  // biome-ignore lint/suspicious/noDocumentCookie: as above
  document.cookie = `${name}=; Max-Age=0; Path=/; SameSite=Lax`;
}

import type { CurrentUser } from "@inkwell/shared";
import { useRouteLoaderData } from "react-router";

/** The signed-in user from the root loader, or null for a visitor. */
export function useCurrentUser(): CurrentUser | null {
  return useRouteLoaderData<{ user: CurrentUser | null }>("root")?.user ?? null;
}

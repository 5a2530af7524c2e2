import type { Context } from "hono";
import type { Viewer } from "../viewer.ts";
import type { AppEnv } from "./app-env.ts";
import { HttpError } from "./errors.ts";

/**
 * What a request without a signed-in user is told; also one whose account closed while it
 * ran, as the same request sent again is, its session gone with the account.
 */
export const loggedOut = () => new HttpError(401, "unauthorized", "Log in to continue.");

/** The signed-in user of this request, or a 401 for visitors. */
export function requireViewer(c: Context<AppEnv>): Viewer {
  const viewer = c.get("viewer");
  if (!viewer) throw loggedOut();
  return viewer;
}

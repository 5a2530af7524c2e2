import type { Context } from "hono";
import type { Viewer } from "../viewer.ts";
import type { AppEnv } from "./app-env.ts";
import { HttpError } from "./errors.ts";

/** The signed-in user of this request, or a 401 for visitors. */
export function requireViewer(c: Context<AppEnv>): Viewer {
  const viewer = c.get("viewer");
  if (!viewer) throw new HttpError(401, "unauthorized", "Log in to continue.");
  return viewer;
}

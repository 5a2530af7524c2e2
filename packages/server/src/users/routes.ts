import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { HIGHLIGHT_COLOURS, PROFILE_MESSAGES } from "@inkwell/shared";
import type { AppEnv } from "../http/app-env.ts";
import { errorJson, objectJson } from "../http/openapi.ts";
import type { RateLimiter } from "../http/rate-limit.ts";
import { readFields } from "../http/request-info.ts";
import { requireViewer } from "../http/require-viewer.ts";
import { fieldsFrom, project } from "../http/respond.ts";
import {
  changeRequired,
  fieldsQuery,
  limitQuery,
  namesAChange,
  offsetQuery,
  parseInput,
  validationHook,
} from "../http/validation.ts";
import { countUpload, image, uploadBodyLimit, uploadLimitRefusal } from "../media/routes.ts";
import { editProfile } from "./profile-edit.ts";
import {
  follow,
  getProfile,
  listFollowers,
  listFollowing,
  listUserStories,
  unfollow,
} from "./service.ts";

export const usernameParam = (name: string) =>
  z
    .string()
    .min(1)
    .max(100)
    // One with control characters names nobody (and PostgreSQL refuses NUL).
    .regex(/^\P{Cc}+$/u, `${name} names a user`)
    .openapi({ param: { name, in: "path" }, example: "demo_writer" });

const params = z.object({ username: usernameParam("username") });

const getProfileRoute = createRoute({
  method: "get",
  path: "/api/v3/users/{username}",
  summary: "A profile (accounts-safety-messaging.md §3), projected by `fields`",
  request: { params, query: z.object({ fields: fieldsQuery }) },
  responses: {
    200: { description: "The profile", ...objectJson },
    400: { description: "Malformed fields", ...errorJson },
    404: { description: "No such user, or the account is closed", ...errorJson },
  },
});

const editProfileRoute = createRoute({
  method: "patch",
  path: "/api/v3/users/{username}",
  summary:
    "Change one's own profile (ours): {name, description, highlight_colour, avatar, background}, each optional; images as base64 (JPEG, PNG or WebP, at most 5 MB), null removes one",
  request: { params },
  responses: {
    200: { description: "The profile as it now is", ...objectJson },
    400: {
      description:
        "A name empty or too long, about too long, an unknown colour, or an image refused (unsupported_image, image_too_large); nothing changed",
      ...errorJson,
    },
    401: { description: "Not signed in", ...errorJson },
    403: { description: "Someone else's profile, or in a time-out", ...errorJson },
    413: { description: "The request is far larger than two images allowed", ...errorJson },
    429: uploadLimitRefusal,
  },
});

const text = (field: string) => z.string({ error: `${field} must be text` }).optional();
const picture = image.nullable().optional();
const profileEditBody = z
  .strictObject({
    name: text("name"),
    description: text("description"),
    highlight_colour: z
      .enum(HIGHLIGHT_COLOURS, { error: PROFILE_MESSAGES.colour })
      .nullable()
      .optional(),
    avatar: picture,
    background: picture,
  })
  .refine(
    namesAChange,
    changeRequired(
      "Nothing to change: send a name, description, highlight_colour, avatar or background",
    ),
  );

const getStoriesRoute = createRoute({
  method: "get",
  path: "/api/v3/users/{username}/stories",
  summary: "The user's published stories as story cards, most recently updated first",
  request: {
    params,
    query: z.object({ limit: limitQuery(100, 20), offset: offsetQuery, fields: fieldsQuery }),
  },
  responses: {
    200: { description: "{stories, total, nextUrl}", ...objectJson },
    400: { description: "Bad query", ...errorJson },
    404: { description: "No such user", ...errorJson },
  },
});

const peopleQuery = z.object({ limit: limitQuery(50, 20), offset: offsetQuery });

const peopleRoute = (list: "followers" | "following", summary: string) =>
  createRoute({
    method: "get",
    path: `/api/v3/users/{username}/${list}`,
    summary,
    request: { params, query: peopleQuery },
    responses: {
      200: { description: "{users, total, nextUrl}", ...objectJson },
      400: { description: "Bad query", ...errorJson },
      404: { description: "No such user", ...errorJson },
    },
  });

const followParams = z.object({ currentUsername: usernameParam("currentUsername") });

/** `users`: one username or several separated by commas, as a form field or in JSON. */
const followBody = z.strictObject({
  users: z
    .string({ error: "users names the people to follow" })
    .transform((value) =>
      value
        .split(",")
        .map((name) => name.trim())
        .filter((name) => name.length > 0),
    )
    .pipe(
      z
        .array(z.string().regex(/^\w{1,100}$/, "users must be usernames separated by commas"))
        .min(1, "users names the people to follow")
        .max(50, "users names at most 50 people at once"),
    ),
});

const followResponses = {
  200: { description: "{users: [{username, following, numFollowers}]}", ...objectJson },
  400: { description: "Bad users field, or following yourself", ...errorJson },
  401: { description: "Not signed in", ...errorJson },
  403: {
    description: "Not the signed-in user, or email not verified (code verify_email)",
    ...errorJson,
  },
  404: { description: "A named user does not exist", ...errorJson },
};

const followRoute = createRoute({
  method: "post",
  path: "/api/v3/users/{currentUsername}/following",
  summary: "Follow users (form or JSON field `users`, comma separated); following twice is one",
  request: { params: followParams },
  responses: followResponses,
});

const unfollowRoute = createRoute({
  method: "delete",
  path: "/api/v3/users/{currentUsername}/following",
  summary: "Unfollow users (form or JSON field `users`, comma separated)",
  request: { params: followParams },
  responses: followResponses,
});

/**
 * Profiles, their lists and following; `mediaDir` keeps uploaded avatars and backgrounds,
 * which count against the image uploads' limit (an edit without a picture does not).
 */
export function userRoutes(mediaDir: string, limits: { upload: RateLimiter }) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.patch(editProfileRoute.path.replace("{username}", ":username"), uploadBodyLimit(2));
  app.openapi(getProfileRoute, async (c) => {
    const { username } = c.req.valid("param");
    const selection = fieldsFrom(c.req.valid("query").fields);
    const profile = await getProfile(c.get("db"), username, c.get("viewer"));
    return c.json(project(profile, selection), 200);
  });
  app.openapi(editProfileRoute, async (c) => {
    const viewer = requireViewer(c);
    const edit = parseInput(profileEditBody, await readFields(c));
    // Each picture is an upload, decoded and stored on its own.
    for (const picture of [edit.avatar, edit.background]) {
      if (typeof picture === "string") await countUpload(limits, viewer);
    }
    const { username } = c.req.valid("param");
    return c.json(await editProfile(c.get("db"), mediaDir, viewer, username, edit), 200);
  });
  app.openapi(getStoriesRoute, async (c) => {
    const { username } = c.req.valid("param");
    const { limit, offset, fields } = c.req.valid("query");
    const list = await listUserStories(c.get("db"), username, c.get("viewer"), {
      limit,
      offset,
    });
    return c.json(project(list, fieldsFrom(fields)), 200);
  });
  app.openapi(peopleRoute("followers", "People who follow the user, newest first"), async (c) => {
    const { username } = c.req.valid("param");
    return c.json(
      await listFollowers(c.get("db"), username, c.get("viewer"), c.req.valid("query")),
      200,
    );
  });
  app.openapi(peopleRoute("following", "People the user follows, newest first"), async (c) => {
    const { username } = c.req.valid("param");
    return c.json(
      await listFollowing(c.get("db"), username, c.get("viewer"), c.req.valid("query")),
      200,
    );
  });
  app.openapi(followRoute, async (c) => {
    const viewer = requireViewer(c);
    const { users } = parseInput(followBody, await readFields(c));
    const { currentUsername } = c.req.valid("param");
    return c.json(await follow(c.get("db"), viewer, currentUsername, users), 200);
  });
  app.openapi(unfollowRoute, async (c) => {
    const viewer = requireViewer(c);
    const { users } = parseInput(followBody, await readFields(c));
    const { currentUsername } = c.req.valid("param");
    return c.json(await unfollow(c.get("db"), viewer, currentUsername, users), 200);
  });
  return app;
}

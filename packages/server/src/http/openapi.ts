import { createRoute, type RouteConfig, z } from "@hono/zod-openapi";

/** An OpenAPI request or response body of JSON with this schema. */
export const json = <T extends z.ZodType>(schema: T) => ({
  content: { "application/json": { schema } },
});

/** Any JSON object: answers whose shape lives in @inkwell/shared's API types. */
export const objectJson = json(z.object({}).passthrough());

/** The {code, message} every refusal answers with (see errors.ts). */
export const errorJson = json(z.object({ code: z.string(), message: z.string() }));

/** A call answering 200 with `ok` (any JSON object), or one of the area's `refusals`. */
export const okRoute = <
  M extends "get" | "post" | "put" | "delete",
  P extends string,
  R extends NonNullable<RouteConfig["request"]>,
  F extends RouteConfig["responses"],
>(
  method: M,
  path: P,
  summary: string,
  request: R,
  ok: string,
  refusals: F,
) =>
  createRoute({
    method,
    path,
    summary,
    request,
    responses: { 200: { description: ok, ...objectJson }, ...refusals },
  });

/** okRoute with the refusals every call of an area shares (lists: owner only, works: author only). */
export const okRoutesRefusing =
  <F extends RouteConfig["responses"]>(refusals: F) =>
  <
    M extends "get" | "post" | "put" | "delete",
    P extends string,
    R extends NonNullable<RouteConfig["request"]>,
  >(
    method: M,
    path: P,
    summary: string,
    request: R,
    ok: string,
  ) =>
    okRoute(method, path, summary, request, ok, refusals);

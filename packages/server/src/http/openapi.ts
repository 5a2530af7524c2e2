import { z } from "@hono/zod-openapi";

/** An OpenAPI request or response body of JSON with this schema. */
export const json = <T extends z.ZodType>(schema: T) => ({
  content: { "application/json": { schema } },
});

/** Any JSON object: answers whose shape lives in @inkwell/shared's API types. */
export const objectJson = json(z.object({}).passthrough());

/** The {code, message} every refusal answers with (see errors.ts). */
export const errorJson = json(z.object({ code: z.string(), message: z.string() }));

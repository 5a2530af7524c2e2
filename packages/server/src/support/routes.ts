import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { isEmail } from "@inkwell/shared";
import type { AppEnv } from "../http/app-env.ts";
import { errorJson, objectJson } from "../http/openapi.ts";
import type { RateLimiter } from "../http/rate-limit.ts";
import { clientAddress, readFields } from "../http/request-info.ts";
import { parseInput, validationHook } from "../http/validation.ts";
import { createTicket } from "./service.ts";

const ticketRoute = createRoute({
  method: "post",
  path: "/v4/support/tickets/",
  summary:
    "File a support ticket (form-encoded as requester[name], custom_fields[0][id]…, or JSON)",
  responses: {
    201: { description: "{id}", ...objectJson },
    400: { description: "A required field is missing or malformed", ...errorJson },
    429: { description: "Too many tickets from this address", ...errorJson },
  },
});

const text = (name: string, max: number) =>
  z
    .string({ error: `${name} is required` })
    .trim()
    .min(1, `${name} is required`)
    .max(max, `${name} must be at most ${max} characters`);
const optionalText = (max: number) => z.string().trim().max(max).optional();
const wholeNumber = z.union([
  z.number().int(),
  z
    .string()
    .regex(/^\d{1,12}$/)
    .transform(Number),
]);

const ticketBody = z.object({
  requester: z.object(
    {
      name: text("requester name", 200),
      email: text("requester email", 254).refine(isEmail, "requester email is not valid"),
    },
    { error: "requester is required" },
  ),
  comment: text("comment", 20_000),
  subject: text("subject", 200),
  ticket_form_id: wholeNumber.optional(),
  reportType: optionalText(64),
  reason: optionalText(128),
  id: wholeNumber.optional(),
  username: optionalText(100),
  custom_fields: z
    .array(z.object({ id: z.string().max(64), value: z.string().max(2000) }))
    .max(20)
    .optional(),
});

/**
 * Nests form fields written with brackets (requester[name], custom_fields[0][id]) the way
 * JSON would carry them; JSON bodies pass through as they are.
 */
export function nestFormFields(fields: Record<string, unknown>): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    const path = key.split(/\[|\]\[|\]/).filter((part) => part !== "");
    let node: Record<string, unknown> = root;
    path.forEach((part, index) => {
      if (index === path.length - 1) {
        node[part] = value;
        return;
      }
      node[part] ??= {};
      node = node[part] as Record<string, unknown>;
    });
  }
  // custom_fields arrive as {"0": {...}, "1": {...}}: a list, in index order.
  const custom = root.custom_fields;
  if (custom && typeof custom === "object" && !Array.isArray(custom)) {
    root.custom_fields = Object.keys(custom)
      .sort((a, b) => Number(a) - Number(b))
      .map((index) => (custom as Record<string, unknown>)[index]);
  }
  return root;
}

/** Support tickets (accounts-safety-messaging.md §7): anyone may file one. */
export function supportRoutes(limits: { ticket: RateLimiter }) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.openapi(ticketRoute, async (c) => {
    limits.ticket.hit([`ip:${clientAddress(c)}`]);
    const body = parseInput(ticketBody, nestFormFields(await readFields(c)));
    const ticket = await createTicket(c.get("db"), c.get("viewer"), {
      requester: body.requester,
      comment: body.comment,
      subject: body.subject,
      ticketFormId: body.ticket_form_id ?? null,
      reportType: body.reportType ?? null,
      reason: body.reason ?? null,
      storyId: body.id ?? null,
      username: body.username ?? null,
      customFields: body.custom_fields ?? [],
    });
    return c.json(ticket, 201);
  });
  return app;
}

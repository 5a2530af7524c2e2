import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import {
  formatCount,
  isEmail,
  parseReportType,
  REPORT_MESSAGES,
  REPORT_TYPE_IDS,
  REPORT_TYPE_NAMES,
  type ReportTypeId,
} from "@inkwell/shared";
import type { AppEnv } from "../http/app-env.ts";
import { errorJson, objectJson } from "../http/openapi.ts";
import type { RateLimiter } from "../http/rate-limit.ts";
import { clientAddress, readFields } from "../http/request-info.ts";
import { parseInput, userText, validationHook } from "../http/validation.ts";
import { reportRoutes } from "./report-routes.ts";
import { createTicket } from "./service.ts";

const ticketRoute = createRoute({
  method: "post",
  path: "/v4/support/tickets/",
  summary:
    "File a support ticket (form-encoded as requester[name], custom_fields[0][id]…, or JSON)",
  responses: {
    201: {
      description: "{id, reportedUser}: reportedUser is null for a copyright notice",
      ...objectJson,
    },
    401: { description: "A private-message report from a visitor", ...errorJson },
    404: { description: "What the report names does not exist", ...errorJson },
    400: { description: "A required field is missing or malformed", ...errorJson },
    429: { description: "Too many tickets from this address", ...errorJson },
  },
});

const text = (name: string, max: number, required = `${name} is required`) =>
  userText(required, "many")
    .min(1, { error: required, abort: true })
    .max(max, `${name} must be at most ${formatCount(max)} characters`);
const optionalText = (max: number) => userText("must be text", "many").max(max).optional();
/** A whole number sent as a form field or a JSON number. */
const wholeNumber = (name: string) =>
  z.preprocess(
    (value) => (typeof value === "number" ? String(value) : value),
    z
      .string({ error: `${name} must be a whole number` })
      .regex(/^\d{1,12}$/, `${name} must be a whole number`)
      .transform(Number),
  );

type ReportTypeChoice =
  | { kind: "notice"; value: string | null }
  | { kind: "report"; id: ReportTypeId };

/** A report names its type by id ("3") or name ("comment"); a copyright notice says DMCA. */
const reportTypeField = z
  .string()
  .trim()
  .max(64)
  .transform((value, context): ReportTypeChoice => {
    if (value === "" || value.toUpperCase() === "DMCA")
      return { kind: "notice", value: value || null };
    const id = parseReportType(value);
    if (id === null) {
      context.addIssue({
        code: "custom",
        message: `reportType must be one of ${REPORT_TYPE_NAMES.map((name) => `${REPORT_TYPE_IDS[name]} (${name})`).join(", ")}, or DMCA`,
      });
      return z.NEVER;
    }
    return { kind: "report", id };
  });

const ticketBody = z
  .strictObject({
    requester: z
      .strictObject(
        {
          // The report modal's own words (§5), for any client that skips its checks.
          name: text("requester name", 200, REPORT_MESSAGES.nameRequired),
          email: text("requester email", 254, REPORT_MESSAGES.emailRequired).refine(
            isEmail,
            REPORT_MESSAGES.emailInvalid,
          ),
        },
        { error: "requester must have a name and an email" },
      )
      .optional(),
    comment: text("comment", 20_000),
    subject: text("subject", 200),
    ticket_form_id: wholeNumber("ticket_form_id").optional(),
    reportType: reportTypeField.optional(),
    reason: optionalText(128),
    id: wholeNumber("id").optional(),
    username: optionalText(100),
    reference: z
      .strictObject({
        name: optionalText(200),
        location: optionalText(2000),
        body: optionalText(2000),
        deepLink: optionalText(2000),
      })
      .optional(),
    custom_fields: z
      .array(z.strictObject({ id: z.string().max(64), value: z.string().max(2000) }))
      .max(20)
      .optional(),
  })
  .superRefine((body, context) => {
    if (body.reportType?.kind === "report" && !body.reason) {
      context.addIssue({
        code: "custom",
        path: ["reason"],
        message: "reason is required for a report",
      });
    }
  });

/** Names that would reach an object's prototype, not a field of its own. */
const PROTOTYPE_KEYS = new Set(["__proto__", "constructor", "prototype"]);

/**
 * Nests form fields written with brackets (requester[name], custom_fields[0][id]) the way
 * JSON would carry them; JSON bodies pass through as they are. A key naming a prototype
 * (`__proto__[x]`) is dropped: followed, it would change every object of the process.
 */
export function nestFormFields(fields: Record<string, unknown>): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    const path = key.split(/\[|\]\[|\]/).filter((part) => part !== "");
    if (path.some((part) => PROTOTYPE_KEYS.has(part))) continue;
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

/**
 * Support tickets and reports (accounts-safety-messaging.md §7): anyone may file one; the
 * support tree, the staff queue and the copyright report live beside them.
 */
export function supportRoutes(limits: { ticket: RateLimiter }) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.openapi(ticketRoute, async (c) => {
    await limits.ticket.hit([`ip:${clientAddress(c)}`]);
    const body = parseInput(ticketBody, nestFormFields(await readFields(c)));
    const reportType = body.reportType?.kind === "report" ? body.reportType.id : null;
    const ticket = await createTicket(c.get("db"), c.get("viewer"), {
      requester: body.requester ?? null,
      comment: body.comment,
      subject: body.subject,
      ticketFormId: body.ticket_form_id ?? null,
      reportType: body.reportType?.kind === "notice" ? body.reportType.value : null,
      reason: body.reason ?? null,
      storyId: body.id ?? null,
      username: body.username ?? null,
      customFields: body.custom_fields ?? [],
      reference: body.reference ?? null,
      report:
        reportType === null
          ? null
          : {
              reportType,
              modelId: body.id ?? null,
              username: body.username ?? null,
              reference: body.reference ?? {},
            },
    });
    return c.json(ticket, 201);
  });
  app.route("/", reportRoutes(limits));
  return app;
}

import { z } from "@hono/zod-openapi";
import {
  cleanUserText,
  formatCount,
  ID_PATTERN,
  STAFF_NOTE_MAX,
  type TextLines,
} from "@inkwell/shared";
import type { Context } from "hono";
import type { ZodError } from "zod";
import { badRequest } from "./errors.ts";

/** An id in the path (or query): a positive whole number, written the way clients send it. */
export const idParam = (name: string, where: "path" | "query" = "path") =>
  z
    .string({ error: `${name} must be a positive whole number` })
    .regex(ID_PATTERN, `${name} must be a positive whole number`)
    .transform(Number)
    .openapi({ param: { name, in: where }, example: "1" });

export const fieldsQuery = z.string().optional().openapi({
  description: "Nested field selection, e.g. id,title,parts(id,title,url),user(username)",
});

/** Turns a failed zod check into the house 400: {code, message, fields}. */
export function validationHook(
  result: { target: string } & ({ success: true } | { success: false; error: ZodError }),
  c: Context,
): void {
  if (result.success) return;
  // A query parameter given twice arrives as a list: "must be text" would puzzle its sender.
  const queries = result.target === "query" ? Object.entries(c.req.queries()) : [];
  const repeated = new Set(queries.filter(([, values]) => values.length > 1).map(([key]) => key));
  throw zodFailure(result.error, repeated);
}

type Issue = ZodError["issues"][number];

/** What a value zod expected is, in the words a client reads. */
const EXPECTED: Record<string, string> = {
  object: "an object",
  array: "a list",
  string: "text",
  number: "a number",
  int: "a whole number",
  boolean: "true or false",
};

/** What a string of a zod format is, in the words a client reads. */
const FORMATS: Record<string, string> = {
  email: "an email address",
  url: "a URL",
  datetime: "a date and time, e.g. 2027-01-01T09:00:00Z",
  date: "a date, e.g. 2027-01-01",
  time: "a time, e.g. 09:00:00",
  uuid: "a UUID",
};

const listed = (values: readonly unknown[]) =>
  values.length === 1 ? String(values[0]) : `one of ${values.map(String).join(", ")}`;

/** What a value of the wrong kind, option or format had to be; null for other issues. */
function kindOf(issue: Issue): string | null {
  switch (issue.code) {
    case "invalid_type":
      return EXPECTED[issue.expected] ?? issue.expected;
    case "invalid_value":
      return listed(issue.values);
    case "invalid_format":
      if (issue.format === "regex") return `text matching ${issue.pattern}`;
      return FORMATS[issue.format] ?? `in the ${issue.format} format`;
    default:
      return null;
  }
}

/**
 * A union none of whose options took the value. A discriminated union names the
 * discriminator's values. An option that took the value's kind but not a part of it (an
 * object with a wrong field) says that part; otherwise the value must be one of the kinds.
 */
function unionMessage(issue: Extract<Issue, { code: "invalid_union" }>, field: string): string {
  const name = field || "The request body";
  if ("options" in issue && Array.isArray(issue.options)) {
    return `${name} must be ${listed(issue.options)}`;
  }
  const inside = issue.errors.find((option) => option.every((inner) => inner.path.length > 0));
  if (inside?.[0]) {
    const path = [field, ...inside[0].path.map(String)].filter(Boolean).join(".");
    return issueMessage(inside[0], path);
  }
  // Beside other kinds, a text option is quoted: true or false, or one of "true", "false".
  const kind = (inner: Issue) =>
    inner.code === "invalid_value"
      ? listed(inner.values.map((value) => (typeof value === "string" ? `"${value}"` : value)))
      : kindOf(inner);
  const kinds = new Set(
    issue.errors.flatMap((option) => option.map(kind)).filter((words) => words !== null),
  );
  return kinds.size > 0
    ? `${name} must be ${[...kinds].join(", or ")}`
    : `${name} is not in any form this call takes`;
}

/**
 * An issue's message: the schema's own words where it has them. Zod's defaults ("Invalid
 * input: expected object, received array", a union's "Invalid input", "Invalid email
 * address") name neither the field nor what it takes, so those are said again with both.
 */
export function issueMessage(issue: Issue, field: string): string {
  const name = field || "The request body";
  const zodsOwn = /^(Invalid|Too small|Too big)/.test(issue.message);
  if (!zodsOwn) return issue.message;
  switch (issue.code) {
    case "invalid_type":
      return field
        ? `${name} must be ${kindOf(issue)}`
        : `${name} must be a JSON ${issue.expected}`;
    case "invalid_value":
    case "invalid_format":
      return `${name} must be ${kindOf(issue)}`;
    case "invalid_union":
      return unionMessage(issue, field);
    case "too_small":
    case "too_big": {
      const bound = issue.code === "too_small" ? issue.minimum : issue.maximum;
      const most = issue.code === "too_small" ? "at least" : "at most";
      const strictly = issue.code === "too_small" ? "more than" : "less than";
      const units =
        issue.origin === "string" ? " characters" : issue.origin === "array" ? " items" : "";
      return `${name} must be ${issue.inclusive === false ? strictly : most} ${formatCount(bound)}${units}`;
    }
    default:
      return issue.message;
  }
}

/** A field as a message names it: an item of a list by its place (1st is 1), not "parts.0". */
const spokenName = (path: Issue["path"]): string => {
  const [list, index, ...rest] = path;
  return typeof index === "number" && rest.length === 0 && list !== undefined
    ? `Item ${index + 1} of ${String(list)}`
    : path.join(".");
};

/**
 * Each refused field's message, by its path ("request" for the body as a whole); `repeated`
 * names the query parameters given more than once.
 */
export function issueFields(
  error: ZodError,
  repeated: ReadonlySet<string> = new Set(),
): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.join(".");
    if (issue.code === "invalid_type" && repeated.has(field)) {
      fields[field] = `${field} is given more than once: give it once`;
    } else if (issue.code === "unrecognized_keys" && issue.message.startsWith("Unrecognized key")) {
      // Each unknown key is named as the field it is not, unless the schema says it its way.
      for (const key of issue.keys) {
        const path = field ? `${field}.${key}` : key;
        fields[path] = `${path} is not a field of this call`;
      }
    } else {
      fields[field || "request"] = issueMessage(issue, spokenName(issue.path));
    }
  }
  return fields;
}

function zodFailure(error: ZodError, repeated: ReadonlySet<string> = new Set()) {
  const fields = issueFields(error, repeated);
  // Several fields may fail for one reason (each id of a list): the message says it once.
  return badRequest([...new Set(Object.values(fields))].join("; "), fields);
}

/** Parses a body or query with a zod schema; a failure is the house 400 and changes nothing. */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw zodFailure(result.error);
}

/** `limit`: 1 to `max`, `fallback` when absent; any other value is refused naming the range. */
export const limitQuery = (max: number, fallback: number) => {
  const range = `limit must be a whole number from 1 to ${formatCount(max)}`;
  return z
    .string()
    .regex(/^\d{1,7}$/, range)
    .transform(Number)
    .pipe(z.number().min(1, range).max(max, range))
    .default(fallback);
};

export const offsetQuery = z
  .string()
  .regex(/^\d{1,7}$/, "offset must be a whole number from 0 to 9999999")
  .transform(Number)
  .default(0);

/**
 * A text field as typed, cleaned (cleanUserText: no control characters, trimmed) before
 * the rules chained after it, so that `.min(1, …)` and `.max(n, …)` judge the text as kept.
 */
export const userText = (error: string, lines: TextLines = "one") =>
  z.string({ error }).overwrite((text) => cleanUserText(text, lines));

/** A number as a form writes it: digits, a sign, a decimal point; not 0x1e, 3e1 nor Infinity. */
const FORM_DECIMAL = /^-?\d+(\.\d+)?$/;

/** A yes or no as JSON sends it (true, false) or as a form or query does ("true", "false"). */
export const flag = z.union([
  z.boolean(),
  z.enum(["true", "false"]).transform((value) => value === "true"),
]);

/**
 * A number as JSON sends it, or as the text a form sends, held to `schema`. Not
 * z.coerce.number, which makes true 1 and [7] 7, nor Number(), which makes "0x1e" 30 and
 * "" 0: anything else is refused as not a number.
 */
export const formNumber = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (value) =>
      typeof value !== "string" ? value : FORM_DECIMAL.test(value) ? Number(value) : Number.NaN,
    schema,
  );

/** One of `values` exactly as listed, or null while unanswered (absent, null or ""). */
export const choice = <T extends string | number>(values: readonly T[], error: string) =>
  z
    .unknown()
    .optional()
    .transform((value, context): T | null => {
      if (value === undefined || value === null || value === "") return null;
      const found = values.find((one) => one === value);
      if (found !== undefined) return found;
      context.addIssue({ code: "custom", message: error });
      return z.NEVER;
    });

/**
 * Whether an update names a field to change: one that names none is refused, as saving it
 * would answer 200 for a call that did nothing (or move a modified date for nothing).
 */
export const namesAChange = (body: Record<string, unknown>) =>
  Object.values(body).some((value) => value !== undefined);

/**
 * The refusal, in `error`, of an update that names nothing to change; judged only when all
 * its fields are known, as an unknown field is the one to name then.
 */
export const changeRequired = (error: string) => ({
  error,
  when: (payload: { issues: readonly unknown[] }) => payload.issues.length === 0,
});

/** A staff note's body, on a report or a story: {body}, 1 to STAFF_NOTE_MAX characters. */
export const staffNoteBody = z.strictObject({
  body: userText("body is required", "many")
    .min(1, "Write a note first.")
    .max(STAFF_NOTE_MAX, `body must be at most ${formatCount(STAFF_NOTE_MAX)} characters`),
});

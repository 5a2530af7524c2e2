import { z } from "zod";
import {
  ACCOUNT_MESSAGES,
  CONFIRM_MESSAGES,
  PRONOUNS,
  PRONOUNS_MESSAGE,
  SIGNUP_FORM_TYPE_MESSAGE,
  SIGNUP_FORM_TYPES,
  SIGNUP_FROM,
  SIGNUP_FROM_MESSAGE,
  SIGNUP_SOURCE_MESSAGE,
  SIGNUP_SOURCES,
} from "./accounts.ts";
import { READING_TIME_REPORT_MAX_SECONDS } from "./analytics.ts";
import { COIN_PACKS } from "./coins.ts";
import { formatCount } from "./format.ts";
import { ID_PATTERN } from "./ids.ts";
import { PREMIUM_PLAN_IDS } from "./premium.ts";
import { FONT_SIZES, isValidPosition, LINE_SPACINGS, THEMES } from "./reading.ts";
import { cleanUserText } from "./text.ts";

/**
 * Request schemas (zod), kept out of the main entry point so that the web app's bundle
 * does not carry zod: import them from "@inkwell/shared/schemas".
 */

const checkbox = (name: string) =>
  z
    .union([z.boolean(), z.enum(["on", "true", "1", "false", "0", ""])], {
      error: `${name} must be true or false (a checkbox's on, or empty)`,
    })
    .optional()
    .transform((value) => value === true || value === "on" || value === "true" || value === "1");

const wholeNumber = z.union([
  z.number(),
  z
    .string()
    .regex(/^\d{1,4}$/)
    .transform(Number),
]);

/** A part of the birthday selector: left on its placeholder, the form posts it empty. */
const birthdayPart = z.preprocess(
  (value) => (value === "" ? undefined : value),
  wholeNumber.optional(),
);

/**
 * A field of the form that must be text: left out (or null), it is empty, so that signUp
 * names it with every other field to fix; anything but text is refused in its own words.
 */
const formText = (text: z.ZodType<string>) => z.preprocess((value) => value ?? "", text);

/**
 * The sign-up form as posted (JSON or form-encoded), shapes only: the rules of each field
 * (email and username formats too) are judged together by the server's signUp, so that one
 * refusal names every field to fix.
 */
export const signupSchema = z.object({
  email: formText(
    z
      .string({ error: ACCOUNT_MESSAGES.emailInvalid })
      .trim()
      .max(254, ACCOUNT_MESSAGES.emailInvalid),
  ),
  username: formText(
    z
      .string({ error: ACCOUNT_MESSAGES.usernameFormat })
      .trim()
      .max(100, ACCOUNT_MESSAGES.usernameFormat),
  ),
  // Far past the longest password allowed: said as the length rule the form shows.
  password: formText(
    z
      .string({ error: ACCOUNT_MESSAGES.passwordRequired })
      .max(200, ACCOUNT_MESSAGES.passwordLength),
  ),
  // §3's payload may carry the password re-entered; when it does, it must match.
  confirm_password: z
    .string({ error: CONFIRM_MESSAGES.mismatch })
    .max(200, ACCOUNT_MESSAGES.passwordLength)
    .optional(),
  birthday_day: birthdayPart,
  birthday_month: birthdayPart,
  birthday_year: birthdayPart,
  pronouns: z
    .enum([...PRONOUNS, ""], { error: PRONOUNS_MESSAGE })
    .nullish()
    .transform((value) => (value ? value : null)),
  marketing: checkbox("marketing"),
  consent: checkbox("consent"),
  "signup-from": z.enum([SIGNUP_FROM, ""], { error: SIGNUP_FROM_MESSAGE }).optional(),
  // Which answers the account already has; missing or empty for API clients, as before.
  "form-type": z.enum([...SIGNUP_FORM_TYPES, ""], { error: SIGNUP_FORM_TYPE_MESSAGE }).optional(),
  // The landing page's button the sign-up came from; none (or empty) from anywhere else.
  source: z
    .enum([...SIGNUP_SOURCES, ""], { error: SIGNUP_SOURCE_MESSAGE })
    .nullish()
    .transform((value) => (value ? value : null)),
});

export type SignupInput = z.input<typeof signupSchema>;

/** A whole-number id as a JSON number or as the string a form sends. */
const idField = (name: string) => {
  const error = `${name} must be a positive whole number`;
  return z.union(
    [z.number().int(error).positive(error), z.string().regex(ID_PATTERN, error).transform(Number)],
    { error },
  );
};

/** POST /apiv2/syncreadingposition, as JSON, a form or a beacon. */
export const readingPositionSchema = z.strictObject({
  story_id: idField("story_id"),
  part_id: idField("part_id"),
  position: z
    .union(
      [
        z.number(),
        z
          .string()
          .trim()
          .regex(/^\d*\.?\d+$/)
          .transform(Number),
      ],
      {
        error: "position must be a number from 0 to 1",
      },
    )
    .refine(isValidPosition, "position must be a number from 0 to 1"),
});

/** POST /api/v3/story_parts/{id}/reading-time, as JSON or the page's closing beacon. */
export const readingTimeSchema = z.strictObject({
  seconds: z
    .union(
      [
        z.number(),
        z
          .string()
          .regex(/^\d{1,7}$/)
          .transform(Number),
      ],
      {
        error: `seconds must be a whole number from 1 to ${formatCount(READING_TIME_REPORT_MAX_SECONDS)}`,
      },
    )
    .refine(
      (seconds) =>
        Number.isInteger(seconds) && seconds >= 1 && seconds <= READING_TIME_REPORT_MAX_SECONDS,
      `seconds must be a whole number from 1 to ${formatCount(READING_TIME_REPORT_MAX_SECONDS)}`,
    ),
});

/** PUT /api/v3/users/me/reader-settings: every setting, each one of its options. */
export const readerSettingsSchema = z
  .object({
    fontSize: z.enum(FONT_SIZES, { error: `fontSize must be one of ${FONT_SIZES.join(", ")}` }),
    lineSpacing: z.enum(LINE_SPACINGS, {
      error: `lineSpacing must be one of ${LINE_SPACINGS.join(", ")}`,
    }),
    theme: z.enum(THEMES, { error: `theme must be one of ${THEMES.join(", ")}` }),
  })
  .strict();

/** POST /v5/story/{id}/paid-content/purchase: one part ({partId}) or the whole story. */
export const purchaseSchema = z
  .object({
    partId: z.number().int().positive("partId must be a part's id").optional(),
    wholeStory: z.literal(true).optional(),
  })
  .strict()
  .refine((body) => (body.partId === undefined) !== (body.wholeStory === undefined), {
    message: "Name one partId, or wholeStory: true to buy the whole story",
  });

/** POST /v5/coins/purchase: a pack of §9, and the buyer's one-time key for this purchase
 * (a retry with the same key buys nothing more). */
export const coinPackPurchaseSchema = z
  .object({
    packId: z.enum(COIN_PACKS.map((pack) => pack.id) as [string, ...string[]], {
      error: `packId must be one of ${COIN_PACKS.map((pack) => pack.id).join(", ")}`,
    }),
    requestId: z.uuid({ error: "requestId must be a UUID" }),
  })
  .strict();

/** POST /v5/premium/subscription: a plan, and the buyer's one-time key for this purchase. */
export const premiumSubscribeSchema = z
  .object({
    plan: z.enum(PREMIUM_PLAN_IDS, {
      error: `plan must be one of ${PREMIUM_PLAN_IDS.join(", ")}`,
    }),
    requestId: z.uuid({ error: "requestId must be a UUID" }),
  })
  .strict();

/** PATCH /v5/premium/subscription: cancel the renewal, or turn it back on. */
export const premiumRenewalSchema = z
  .object({ renews: z.boolean({ error: "renews must be true or false" }) })
  .strict();

const positiveId = (name: string) =>
  z
    .number({ error: `${name} must be a positive whole number` })
    .int(`${name} must be a positive whole number`)
    .positive(`${name} must be a positive whole number`);

/** A paid part's text as kept; its limit and whether it is required are paidPartErrors'. */
const paidPartText = (name: string) =>
  z
    .string({ error: `${name} must be text` })
    .nullish()
    .transform((value) => cleanUserText(value ?? "", "many"));

/**
 * POST /v5/bonus-content/paywall (writer-paid-contest.md §3 Paid part configuration, §7).
 * paid_model defaults to paid_bonus: a bonus part of bonus_type. paid_story makes the part a
 * plain paid part of the story, which has no type. bonus_type may be left out of a part made
 * free.
 */
export const paidPartSchema = z
  .object({
    story_id: positiveId("story_id"),
    part_id: positiveId("part_id"),
    author_id: positiveId("author_id"),
    paid_model: z
      .enum(["paid_story", "paid_bonus"], {
        error: "paid_model must be paid_story or paid_bonus",
      })
      .default("paid_bonus"),
    bonus_type: z
      .number({ error: "bonus_type must be 0 (Exclusive Chapter) or 2 (Writer Reveal)" })
      .int("bonus_type must be 0 (Exclusive Chapter) or 2 (Writer Reveal)")
      .nullish()
      .transform((value) => value ?? null),
    is_free_part: z.boolean({ error: "is_free_part must be true or false" }),
    chapter_description: paidPartText("chapter_description"),
    author_note: paidPartText("author_note"),
  })
  .strict()
  .refine((body) => body.paid_model === "paid_bonus" || body.bonus_type === null, {
    path: ["bonus_type"],
    message: "bonus_type is for paid_bonus parts: leave it out of a paid_story part",
  });

import { z } from "zod";
import { ACCOUNT_MESSAGES, PRONOUNS, USERNAME_MAX, USERNAME_MIN } from "./accounts.ts";

/**
 * Request schemas (zod), kept out of the main entry point so that the web app's bundle
 * does not carry zod: import them from "@inkwell/shared/schemas".
 */

const checkbox = z
  .union([z.boolean(), z.enum(["on", "true", "1", "false", "0", ""])])
  .optional()
  .transform((value) => value === true || value === "on" || value === "true" || value === "1");

const wholeNumber = z.union([
  z.number(),
  z
    .string()
    .regex(/^\d{1,4}$/)
    .transform(Number),
]);

/** The sign-up form as posted (JSON or form-encoded), before the rules that need the database. */
export const signupSchema = z.object({
  email: z.string().trim().max(254).email(ACCOUNT_MESSAGES.emailInvalid),
  username: z
    .string()
    .trim()
    .regex(
      new RegExp(`^[A-Za-z0-9_]{${USERNAME_MIN},${USERNAME_MAX}}$`),
      ACCOUNT_MESSAGES.usernameFormat,
    ),
  password: z.string().max(200),
  birthday_day: wholeNumber.optional(),
  birthday_month: wholeNumber.optional(),
  birthday_year: wholeNumber.optional(),
  pronouns: z
    .enum([...PRONOUNS, ""])
    .nullish()
    .transform((value) => (value ? value : null)),
  marketing: checkbox,
  consent: checkbox,
});

export type SignupInput = z.input<typeof signupSchema>;

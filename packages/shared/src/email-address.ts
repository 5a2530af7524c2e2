/*
 * An email address as the spec's forms take it: its own module, as the report, copyright and
 * sign-up forms check it and a page with any of them should not download the others' rules.
 */

// No control characters either: no mail goes to one, and PostgreSQL refuses NUL.
const EMAIL_PATTERN = /^[^\s@\p{Cc}]+@[^\s@\p{Cc}]+\.[^\s@\p{Cc}]{2,}$/u;

/** The standard email pattern of the spec's forms (the server also checks uniqueness). */
export const isEmail = (value: string): boolean => value.length <= 254 && EMAIL_PATTERN.test(value);

/**
 * A row id as a request, a link or a form may name one: a positive whole number of at most
 * 15 digits, so that every engine's ids and a JavaScript number hold it exactly (16 digits
 * may pass 2^53 and be read as another number).
 */
export const ID_DIGITS = "[1-9]\\d{0,14}";

/** Text that is one id and nothing else. */
export const ID_PATTERN = new RegExp(`^${ID_DIGITS}$`);

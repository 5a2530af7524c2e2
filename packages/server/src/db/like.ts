import { type RawBuilder, sql } from "kysely";

/**
 * `column LIKE pattern` where the pattern is `before` + `text` + `%`, with the text's own
 * wildcards (% and _) and backslashes taken literally on both engines.
 */
export function likeStart(
  column: RawBuilder<unknown>,
  text: string,
  before = "",
): RawBuilder<boolean> {
  const escaped = text.replace(/[\\%_]/g, (character) => `\\${character}`);
  return sql<boolean>`${column} LIKE ${`${before}${escaped}%`} ESCAPE '\\'`;
}

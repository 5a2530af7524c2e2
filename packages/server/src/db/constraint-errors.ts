/**
 * A write refused because a row it points to is gone (SQLite's and PostgreSQL's wordings):
 * what a check-then-insert meets when the row is deleted in between.
 */
export function isForeignKeyViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return (
    code === "23503" || /FOREIGN KEY constraint failed|violates foreign key/i.test(String(error))
  );
}

/**
 * A write refused by a unique index (SQLite's and PostgreSQL's wordings): what a
 * check-then-write meets when another request took the same value in between.
 */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return (
    code === "23505" || /UNIQUE constraint failed|violates unique constraint/i.test(String(error))
  );
}

/**
 * Runs `write`; when a row it points to was deleted since `check` passed (a writer's account
 * closed meanwhile, say), runs `check` again, so the caller answers as a fresh look-up would:
 * the 404 naming what is gone, not a 500.
 */
export async function recheckingGone<T>(
  write: () => Promise<T>,
  check: () => Promise<unknown>,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isForeignKeyViolation(error)) await check();
    throw error;
  }
}

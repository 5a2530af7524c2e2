/** A page of an offset-paged answer: `limitQuery` and `offsetQuery` as the route read them. */
export interface Page {
  limit: number;
  offset: number;
}

/** The next page's address on `path` (same limit), or null when `total` is reached. */
export function nextPageUrl(
  path: string,
  page: Page,
  returned: number,
  total: number,
): string | null {
  const offset = page.offset + returned;
  if (offset >= total) return null;
  return `${path}?${new URLSearchParams({ limit: String(page.limit), offset: String(offset) })}`;
}

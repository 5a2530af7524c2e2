/*
 * Links to the copyright notice page: the footer of every page and the report modal point
 * there, so they live apart from the notice's form rules (dmca.ts), which only its page needs.
 */

/** Where the notice came from: the page's query (storyId, partId, reportedUser). */
export interface DmcaContext {
  storyId: number | null;
  partId: number | null;
  reportedUser: string | null;
}

/** The copyright notice page (accounts-safety-messaging.md §2). */
export const DMCA_PATH = "/help/dmca";

/**
 * The notice page for content being reported, with the query it reads (§2: storyId, partId,
 * reportedUser, language), so the rights holder's notice names what they came from.
 */
export function dmcaNoticeUrl(context: DmcaContext & { language: string | null }): string {
  const query = new URLSearchParams();
  if (context.storyId !== null) query.set("storyId", String(context.storyId));
  if (context.partId !== null) query.set("partId", String(context.partId));
  if (context.reportedUser) query.set("reportedUser", context.reportedUser);
  if (context.language) query.set("language", context.language);
  const search = query.toString();
  return search ? `${DMCA_PATH}?${search}` : DMCA_PATH;
}

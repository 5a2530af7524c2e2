/**
 * §2: a flag on the part editor's address opens the scheduler, so a Table of Contents row
 * can take the writer straight to scheduling that part (docs/decisions/026).
 */
const FLAG = "schedule";

export const schedulerUrl = (storyId: number, partId: number) =>
  `/myworks/${storyId}/write/${partId}?${FLAG}=1`;

export const opensScheduler = (url: URL) => url.searchParams.get(FLAG) === "1";

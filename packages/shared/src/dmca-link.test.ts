import { describe, expect, it } from "vitest";
import { dmcaNoticeUrl } from "./dmca-link.ts";

describe("dmcaNoticeUrl", () => {
  it("carries what was reported in the query the notice page reads", () => {
    const url = dmcaNoticeUrl({
      storyId: 7,
      partId: null,
      reportedUser: "copy cat",
      language: "Español",
    });
    expect(url).toBe("/help/dmca?storyId=7&reportedUser=copy+cat&language=Espa%C3%B1ol");
  });

  it("is the bare page when nothing is known", () => {
    expect(dmcaNoticeUrl({ storyId: null, partId: null, reportedUser: null, language: null })).toBe(
      "/help/dmca",
    );
  });
});

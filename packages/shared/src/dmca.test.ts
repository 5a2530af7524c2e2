import { describe, expect, it } from "vitest";
import {
  DMCA_MESSAGES,
  DMCA_REQUIRED,
  type DmcaNotice,
  dmcaProblems,
  dmcaTicketComment,
} from "./dmca.ts";

const complete: DmcaNotice = {
  firstName: "Ada",
  lastName: "Quill",
  username: "",
  email: "ada@example.com",
  company: "",
  address: "1 Harbour Road",
  country: "United States",
  city: "Salem",
  province: "MA",
  postalCode: "01970",
  phoneNumber: "+1 555 0100",
  descriptionAlleged: "Word_for_word_copy_of_my_work",
  originalWorkUrl: "https://example.com/my-book",
  whereToFindOriginal: "",
  reportedUrls: "https://inkwell.example/story/7",
  isAccurate: true,
  goodFaith: true,
  owner: true,
  signature: "Ada Quill",
};

describe("dmcaProblems", () => {
  it("accepts a complete notice (company, username and where-to-find are optional)", () => {
    expect(dmcaProblems(complete)).toEqual({});
  });

  it("requires the spec's eleven fields, in form order", () => {
    const blank = Object.fromEntries(DMCA_REQUIRED.map((field) => [field, "  "]));
    const problems = dmcaProblems({ ...complete, ...blank });
    expect(Object.keys(problems)).toEqual([...DMCA_REQUIRED]);
    expect(problems.firstName).toBe(DMCA_MESSAGES.required);
  });

  it("checks the email, the three statements and a signature of at least 5 characters", () => {
    expect(dmcaProblems({ ...complete, email: "ada@example" }).email).toBe(DMCA_MESSAGES.email);
    expect(dmcaProblems({ ...complete, goodFaith: false })).toEqual({
      goodFaith: DMCA_MESSAGES.statement,
    });
    expect(dmcaProblems({ ...complete, signature: "Ada " }).signature).toBe(
      DMCA_MESSAGES.signature,
    );
    expect(dmcaProblems({ ...complete, signature: "Ada Q" })).toEqual({});
  });
});

describe("dmcaTicketComment", () => {
  it("summarises the form, then the content type, report type and links", () => {
    const text = dmcaTicketComment(
      complete,
      { storyId: 7, partId: 70, reportedUser: "copycat" },
      "https://inkwell.example",
    );
    expect(text).toContain("Name: Ada Quill");
    expect(text).toContain("Content type: Story\nReport type: DMCA");
    expect(text).toContain("Part URL: https://inkwell.example/70");
    expect(text).toContain("Story URL: https://inkwell.example/story/7\nGroup id: 7");
    expect(text).toContain("Profile URL: https://inkwell.example/user/copycat");
  });
});

import { describe, expect, it } from "vitest";
import { isModerator, isStaffOrAdmin } from "./roles.ts";

const user = (roles: Partial<Record<"isAmbassador" | "isSysAdmin" | "isStaff", boolean>>) => ({
  isAmbassador: false,
  isSysAdmin: false,
  isStaff: false,
  ...roles,
});

describe("staff roles", () => {
  it("lets ambassadors and system admins moderate, not staff or readers", () => {
    expect(isModerator(user({ isAmbassador: true }))).toBe(true);
    expect(isModerator(user({ isSysAdmin: true }))).toBe(true);
    expect(isModerator(user({ isStaff: true }))).toBe(false);
    expect(isModerator(user({}))).toBe(false);
  });

  it("lets staff and system admins run the business side, not ambassadors", () => {
    expect(isStaffOrAdmin(user({ isStaff: true }))).toBe(true);
    expect(isStaffOrAdmin(user({ isSysAdmin: true }))).toBe(true);
    expect(isStaffOrAdmin(user({ isAmbassador: true }))).toBe(false);
  });
});

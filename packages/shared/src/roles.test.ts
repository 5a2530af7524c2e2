import { describe, expect, it } from "vitest";
import { isModerator, isStaffOrAdmin, mayModerateAccount } from "./roles.ts";

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

  it("lets ambassadors moderate readers, and only system admins moderate ambassadors", () => {
    const ambassador = user({ isAmbassador: true });
    const admin = user({ isSysAdmin: true });
    expect(mayModerateAccount(ambassador, user({}))).toBe(true);
    expect(mayModerateAccount(ambassador, user({ isAmbassador: true }))).toBe(false);
    expect(mayModerateAccount(admin, user({ isAmbassador: true }))).toBe(true);
    for (const overseer of [user({ isStaff: true }), user({ isSysAdmin: true })]) {
      expect(mayModerateAccount(ambassador, overseer)).toBe(false);
      expect(mayModerateAccount(admin, overseer)).toBe(false);
    }
    expect(mayModerateAccount(user({ isStaff: true }), user({}))).toBe(false);
  });
});

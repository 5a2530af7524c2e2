export const badges = {
  verified: "Verified",
  staff: "Inkwell staff",
  ambassador: "Ambassador",
} as const;

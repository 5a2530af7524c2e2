/** A story carousel's arrows and More stories button, on every page that has one. */
export const carousel = {
  previous: "Previous stories",
  next: "Next stories",
  more: "More stories",
  /** Said after More stories, out of sight: which carousel's stories it brings. */
  moreOf: (label: string) => `in ${label}`,
};

import { abbreviateCount } from "@inkwell/shared";

export const vote = {
  vote: "Vote",
  voted: "Voted",
  count: (n: number) => (n === 1 ? "1 vote" : `${abbreviateCount(n)} votes`),
  voteFailed: "Your vote was not saved. Please try again.",
  unvoteFailed: "Your vote was not taken back. Please try again.",
} as const;

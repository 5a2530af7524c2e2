import { abbreviateCount } from "@inkwell/shared";

export const vote = {
  vote: "Vote",
  voted: "Voted",
  count: (n: number) => (n === 1 ? "1 vote" : `${abbreviateCount(n)} votes`),
} as const;

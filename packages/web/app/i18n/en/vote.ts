export const vote = {
  vote: "Vote",
  voted: "Voted",
  count: (n: string) => `${n} votes`,
} as const;

import { backToTheStory } from "./backToTheStory.ts";
export const rankings = {
  rankIn: (rank: number, tag: string) => `#${rank} in ${tag}`,
  seeAll: (n: number) => `See all ${n} rankings`,
  title: (title: string) => `Rankings for ${title}`,
  heading: "Rankings",
  intro: "Where this story ranks in its tags, from the last 30 days of reads and votes.",
  empty: "This story has no rankings yet. Rankings come from recent reads and votes.",
  rank: "Rank",
  tag: "Tag",
  back: backToTheStory,
} as const;

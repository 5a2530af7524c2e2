export const home = {
  title: "Inkwell: where stories live",
  popular: "Popular right now",
  genres: "Browse by genre",
} as const;

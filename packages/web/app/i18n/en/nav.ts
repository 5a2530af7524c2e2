export const nav = {
  home: "Inkwell home",
  browse: "Browse",
  browseGenres: "Genres",
  search: "Search",
  searchPlaceholder: "Search for stories and people",
  logIn: "Log in",
  write: "Write",
  skipToContent: "Skip to content",
} as const;

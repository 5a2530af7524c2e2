export const nav = {
  home: "Inkwell home",
  /** The header's landmark: screen readers say "Site navigation". */
  site: "Site",
  browse: "Browse",
  browseGenres: "Genres",
  search: "Search",
  searchPlaceholder: "Search for stories and people",
  logIn: "Log in",
  write: "Write",
  skipToContent: "Skip to content",
} as const;

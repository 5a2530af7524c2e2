/** Genres offered in the header's Browse menu; each opens its tag page. */
export const BROWSE_TOPICS = [
  { label: "Romance", tag: "romance" },
  { label: "Fantasy", tag: "fantasy" },
  { label: "Mystery", tag: "mystery" },
  { label: "Science Fiction", tag: "scifi" },
  { label: "Horror", tag: "horror" },
  { label: "Adventure", tag: "adventure" },
  { label: "Teen Fiction", tag: "teenfiction" },
  { label: "Historical Fiction", tag: "historical" },
  { label: "Humor", tag: "humor" },
  { label: "Thriller", tag: "thriller" },
  { label: "Poetry", tag: "poetry" },
  { label: "Paranormal", tag: "paranormal" },
] as const;

/** The fixed vocabulary of the catalogue: categories (genres) and the tags that go with them. */

export const CATEGORIES = [
  "Romance",
  "Fantasy",
  "Mystery",
  "Science Fiction",
  "Horror",
  "Adventure",
  "Teen Fiction",
  "Historical Fiction",
  "Humor",
  "Thriller",
  "Poetry",
  "Paranormal",
  "Short Story",
  "Fanfiction",
] as const;

export type Genre = (typeof CATEGORIES)[number];

/** Tags a story of each genre is likely to carry; the rest of TAGS are drawn at random. */
export const GENRE_TAGS: Record<Genre, string[]> = {
  Romance: ["romance", "love", "slowburn", "enemiestolovers", "heartbreak", "billionaire"],
  Fantasy: ["fantasy", "magic", "dragons", "kingdom", "royalty", "quest"],
  Mystery: ["mystery", "detective", "secrets", "murder", "clues"],
  "Science Fiction": ["scifi", "space", "dystopian", "aliens", "timetravel", "robots"],
  Horror: ["horror", "ghost", "haunted", "creepy", "monsters"],
  Adventure: ["adventure", "pirates", "survival", "journey", "treasure"],
  "Teen Fiction": ["teenfiction", "highschool", "friendship", "firstlove", "drama"],
  "Historical Fiction": ["historical", "war", "victorian", "regency", "ww2"],
  Humor: ["humor", "comedy", "funny", "satire"],
  Thriller: ["thriller", "suspense", "crime", "mafia", "revenge"],
  Poetry: ["poetry", "poems", "freeverse", "life"],
  Paranormal: ["paranormal", "vampire", "werewolf", "witch", "supernatural", "angels"],
  "Short Story": ["shortstory", "oneshot", "flashfiction"],
  Fanfiction: ["fanfiction", "anime", "kpop", "alternateuniverse"],
};

export const EXTRA_TAGS = [
  "family",
  "lgbtq",
  "college",
  "sports",
  "music",
  "summer",
  "apocalypse",
  "zombies",
  "mermaids",
  "fairytale",
  "mythology",
  "demons",
  "princess",
  "smalltown",
  "roadtrip",
  "art",
];

export const TAGS = [...new Set([...Object.values(GENRE_TAGS).flat(), ...EXTRA_TAGS])];

/** Languages of the demo catalogue by spec id, English most of all. */
export const LANGUAGE_WEIGHTS: Array<{ weight: number; value: number }> = [
  { weight: 80, value: 1 },
  { weight: 4, value: 5 },
  { weight: 3, value: 6 },
  { weight: 3, value: 2 },
  { weight: 2, value: 4 },
  { weight: 2, value: 3 },
  { weight: 2, value: 18 },
  { weight: 2, value: 20 },
  { weight: 2, value: 23 },
];

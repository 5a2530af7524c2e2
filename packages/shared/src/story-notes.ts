/**
 * Story Notes, the story planner of writer-paid-contest.md §3-§5: fields, limits,
 * enumerations and the rules both the API and the editor apply (docs/decisions/017).
 */

/** §3 and §9 Planner limits, in characters (attributes: the comma-joined text). */
export const NOTES_LIMITS = {
  name: 20,
  other_names: 50,
  attributes: 250,
  description: 75,
  outcome: 150,
  logline: 150,
} as const;

export const MAX_ATTRIBUTES = 10;
export const SLIDER_MIN = -5;
export const SLIDER_MAX = 5;

export const NOTE_PRONOUNS = ["he", "she", "they"] as const;
export type NotePronoun = (typeof NOTE_PRONOUNS)[number];

/** personality_change: negative, none or minimal, positive. */
export const PERSONALITY_CHANGES = [-1, 0, 1] as const;
export type PersonalityChange = (typeof PERSONALITY_CHANGES)[number];

export const PROTAGONIST_SLIDERS = [
  "extrovert_introvert",
  "likeable",
  "focus_past_future",
  "thinking_feeling",
  "decisive_improvise",
  "laidback_serious",
] as const;
export type ProtagonistSlider = (typeof PROTAGONIST_SLIDERS)[number];

export const GOAL_SLIDERS = [
  "change_themselves_surroundings",
  "explore_emotions_world",
  "navigate_familiar_unfamiliar",
  "recall_past",
  "find_meaning",
  "take_keep",
] as const;
export type GoalSlider = (typeof GOAL_SLIDERS)[number];

/**
 * Goal types by physical_emotional (0 physical, 1 emotional). The spec does not show which
 * type belongs to which; outward aims are physical, inner ones emotional (decision 017).
 */
export const GOAL_TYPES = {
  0: ["acquire", "explore", "escape", "find", "protect", "survive"],
  1: ["accept", "appreciate", "forget", "learn", "love", "self_actualize"],
} as const;
export type GoalType = (typeof GOAL_TYPES)[0 | 1][number];
export const ALL_GOAL_TYPES: readonly GoalType[] = [...GOAL_TYPES[0], ...GOAL_TYPES[1]];

/** 'all' stands for every other type, so it is chosen alone. */
export const OPPORTUNITY_TYPES = ["paid", "publishing", "books", "entertain", "all"] as const;
export type OpportunityType = (typeof OPPORTUNITY_TYPES)[number];

export const STORY_PROGRESS = ["in_progress", "halfway", "editing", "complete"] as const;
export type StoryProgress = (typeof STORY_PROGRESS)[number];

type Binary = 0 | 1;

export type Protagonist = {
  name: string;
  /** Comma-separated. */
  other_names: string;
  pronoun: NotePronoun | null;
  /** Comma-joined, at most MAX_ATTRIBUTES. */
  attributes: string;
  personality_change: PersonalityChange | null;
} & Record<ProtagonistSlider, number>;

export type ProtagonistGoal = {
  description: string;
  /** 0 physical, 1 emotional. */
  physical_emotional: Binary | null;
  type: GoalType | null;
  outcome: string;
  /** 1 yes, 0 no. */
  succeed: Binary | null;
  /** 1 good, 0 bad. */
  outcome_feeling: Binary | null;
} & Record<GoalSlider, number>;

export interface Opportunity {
  /** The sub-form (types, logline, story_progress) shows only when 1. */
  interested: Binary | null;
  /** Comma-joined. */
  types: string;
  logline: string;
  story_progress: StoryProgress | null;
}

export interface StoryNotesContent {
  protagonist: Protagonist;
  protagonist_goal: ProtagonistGoal;
  opportunity: Opportunity;
}

/** GET /v5/stories/{id}/notes: id is null until the notes are first saved. */
export interface StoryNotes extends StoryNotesContent {
  id: number | null;
  story_id: number;
  updated_at: string | null;
  /** When the writer last submitted them (they may be resubmitted at any time). */
  submitted_at: string | null;
}

/** POST /v5/stories: the notes of story_id (or of the saved notes `id`); submit marks them submitted. */
export interface StoryNotesInput extends StoryNotesContent {
  id?: number | null;
  story_id?: number;
  submit?: boolean;
}

const sliders = <K extends string>(names: readonly K[]) =>
  Object.fromEntries(names.map((name) => [name, 0])) as Record<K, number>;

/** Notes nobody has written yet: empty text, nothing chosen, sliders at 0. */
export function blankNotesContent(): StoryNotesContent {
  return {
    protagonist: {
      name: "",
      other_names: "",
      pronoun: null,
      attributes: "",
      personality_change: null,
      ...sliders(PROTAGONIST_SLIDERS),
    },
    protagonist_goal: {
      description: "",
      physical_emotional: null,
      type: null,
      outcome: "",
      succeed: null,
      outcome_feeling: null,
      ...sliders(GOAL_SLIDERS),
    },
    opportunity: { interested: null, types: "", logline: "", story_progress: null },
  };
}

/** A comma-joined list as its entries: trimmed, blank entries ignored, each once. */
export function splitList(joined: string): string[] {
  const seen = new Set<string>();
  const entries: string[] = [];
  for (const raw of joined.split(",")) {
    const entry = raw.trim();
    if (entry === "" || seen.has(entry.toLowerCase())) continue;
    seen.add(entry.toLowerCase());
    entries.push(entry);
  }
  return entries;
}

export const joinList = (entries: readonly string[]): string => entries.join(",");

/** Whether one more attribute fits: at most MAX_ATTRIBUTES, and the joined text within its limit. */
export function canAddAttribute(chosen: readonly string[], attribute: string): boolean {
  const entry = attribute.trim();
  if (entry === "" || entry.includes(",") || chosen.length >= MAX_ATTRIBUTES) return false;
  if (chosen.some((one) => one.toLowerCase() === entry.toLowerCase())) return false;
  return joinList([...chosen, entry]).length <= NOTES_LIMITS.attributes;
}

/** Opportunity types after ticking or unticking one: 'all' clears the others and they clear it. */
export function toggleOpportunityType(
  chosen: readonly OpportunityType[],
  type: OpportunityType,
  on: boolean,
): OpportunityType[] {
  if (!on) return chosen.filter((one) => one !== type);
  if (type === "all") return ["all"];
  return [...chosen.filter((one) => one !== "all" && one !== type), type];
}

const isFilled = (value: string | number | null) =>
  value !== null && (typeof value !== "string" || value.trim() !== "");

/**
 * §4: the items still empty, as `section.field`. Submitting needs none; the opportunity's
 * sub-form is hidden when interested is 0, so its items are not asked for then (decision 017).
 */
export function missingNoteItems(content: StoryNotesContent): string[] {
  const { protagonist, protagonist_goal, opportunity } = content;
  type Item = [string, string | number | null];
  const items: Item[] = [
    ...Object.entries(protagonist).map(([key, value]): Item => [`protagonist.${key}`, value]),
    ...Object.entries(protagonist_goal).map(
      ([key, value]): Item => [`protagonist_goal.${key}`, value],
    ),
    ["opportunity.interested", opportunity.interested],
  ];
  if (opportunity.interested !== 0) {
    items.push(
      ["opportunity.types", opportunity.types],
      ["opportunity.logline", opportunity.logline],
      ["opportunity.story_progress", opportunity.story_progress],
    );
  }
  return items.filter(([, value]) => !isFilled(value)).map(([path]) => path);
}

export const isNotesComplete = (content: StoryNotesContent): boolean =>
  missingNoteItems(content).length === 0;

/**
 * Suggested protagonist attributes by kind (§3: skin tone, looks, personality, jobs,
 * beings, ethnicity, disability, hair, eyes, body, gender, orientation).
 */
export const ATTRIBUTE_SUGGESTIONS = [
  {
    kind: "Skin tone",
    attributes: ["Fair skin", "Light skin", "Olive skin", "Tan skin", "Brown skin", "Dark skin"],
  },
  {
    kind: "Looks",
    attributes: ["Freckled", "Scarred", "Tattooed", "Pierced", "Striking", "Plain", "Weathered"],
  },
  {
    kind: "Personality",
    attributes: [
      "Ambitious",
      "Brave",
      "Curious",
      "Funny",
      "Grumpy",
      "Kind",
      "Loyal",
      "Reckless",
      "Shy",
      "Stubborn",
      "Witty",
      "Cynical",
      "Optimistic",
    ],
  },
  {
    kind: "Job",
    attributes: [
      "Student",
      "Teacher",
      "Doctor",
      "Detective",
      "Soldier",
      "Chef",
      "Artist",
      "Musician",
      "Thief",
      "Royalty",
      "Scientist",
      "Journalist",
    ],
  },
  {
    kind: "Being",
    attributes: [
      "Human",
      "Vampire",
      "Werewolf",
      "Witch",
      "Fairy",
      "Ghost",
      "Angel",
      "Demon",
      "Alien",
      "Robot",
      "Shapeshifter",
    ],
  },
  {
    kind: "Ethnicity",
    attributes: [
      "African",
      "Arab",
      "East Asian",
      "South Asian",
      "Southeast Asian",
      "European",
      "Indigenous",
      "Latin American",
      "Pacific Islander",
      "Mixed heritage",
    ],
  },
  {
    kind: "Disability",
    attributes: [
      "Blind",
      "Deaf",
      "Wheelchair user",
      "Chronic illness",
      "Neurodivergent",
      "Amputee",
      "Mental illness",
    ],
  },
  {
    kind: "Hair",
    attributes: [
      "Black hair",
      "Brown hair",
      "Blonde hair",
      "Red hair",
      "Grey hair",
      "Curly hair",
      "Long hair",
      "Short hair",
      "Bald",
    ],
  },
  {
    kind: "Eyes",
    attributes: ["Brown eyes", "Blue eyes", "Green eyes", "Hazel eyes", "Grey eyes"],
  },
  {
    kind: "Body",
    attributes: ["Tall", "Short", "Slim", "Muscular", "Curvy", "Plus-size", "Athletic"],
  },
  {
    kind: "Gender",
    attributes: ["Woman", "Man", "Non-binary", "Transgender", "Genderfluid"],
  },
  {
    kind: "Orientation",
    attributes: ["Straight", "Gay", "Lesbian", "Bisexual", "Pansexual", "Asexual"],
  },
] as const;

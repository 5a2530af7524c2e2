/** Story Notes, the writer onboarding questionnaire and the /myworks tooltip, in English. */

import { characters } from "./en/characters.ts";

/** A slider's question and what its two ends mean. */
const slider = (label: string, low: string, high: string) => ({ label, low, high });

export const notesEn = {
  tab: "Story Notes",
  newTag: "New",
  loading: "Loading your notes…",
  intro: "Plan your story: who it is about, what they want, how it ends and where it could go.",
  notice:
    "All fields must be filled in before you submit your notes to Inkwell. You can resubmit them at any time.",
  sections: {
    protagonist: "Protagonist",
    goal: "Story Goal",
    outcome: "Story Outcome",
    opportunities: "Story Opportunities",
  },
  help: {
    protagonist: "How to write a protagonist",
    logline: "How to write a logline",
  },
  opensInNewTab: "(opens in a new tab)",
  counter: characters.label,
  protagonist: {
    name: "Name",
    otherNames: "Other names",
    otherNamesHint: "Nicknames or aliases, separated by commas.",
    pronoun: "Pronouns",
    pronouns: { he: "He", she: "She", they: "They" },
    attributes: "Attributes",
    attributesHint:
      "Up to 10, such as looks, personality or job. Pick a suggestion or type your own.",
    newAttribute: "New attribute",
    add: "Add",
    remove: (attribute: string) => `Remove ${attribute}`,
    chosen: "Chosen attributes",
    browse: "Browse suggestions",
    full: "That's 10 attributes, the most a protagonist can have.",
    noRoom: "There is no room for another attribute: they are at most 250 characters in all.",
    personality: "Personality",
    sliders: {
      extrovert_introvert: slider("Extrovert or introvert", "Extrovert", "Introvert"),
      likeable: slider("How likeable are they?", "Unlikeable", "Likeable"),
      focus_past_future: slider("Focused on the past or the future", "Past", "Future"),
      thinking_feeling: slider("Led by thinking or feeling", "Thinking", "Feeling"),
      decisive_improvise: slider("Decisive or improvising", "Decisive", "Improvises"),
      laidback_serious: slider("Laid-back or serious", "Laid-back", "Serious"),
    },
    change: "How does your protagonist change over the story?",
    changes: { "-1": "Negative change", "0": "None or minimal", "1": "Positive change" },
  },
  goal: {
    description: "What does your protagonist want?",
    kind: "Is the goal physical or emotional?",
    kinds: { "0": "Physical", "1": "Emotional" },
    type: "What kind of goal is it?",
    chooseKindFirst: "Choose physical or emotional first.",
    types: {
      acquire: "Acquire something",
      explore: "Explore",
      escape: "Escape",
      find: "Find someone or something",
      protect: "Protect",
      survive: "Survive",
      accept: "Accept",
      appreciate: "Appreciate",
      forget: "Forget",
      learn: "Learn",
      love: "Love",
      self_actualize: "Become their best self",
    },
    journey: "Their journey",
    sliders: {
      change_themselves_surroundings: slider(
        "Do they change themselves or their surroundings?",
        "Themselves",
        "Surroundings",
      ),
      explore_emotions_world: slider(
        "Do they explore their emotions or the world?",
        "Emotions",
        "World",
      ),
      navigate_familiar_unfamiliar: slider(
        "Do they move through the familiar or the unfamiliar?",
        "Familiar",
        "Unfamiliar",
      ),
      recall_past: slider("How much do they dwell on the past?", "Not at all", "A lot"),
      find_meaning: slider("How much do they search for meaning?", "Not at all", "A lot"),
      take_keep: slider("Do they take something or keep something?", "Take", "Keep"),
    },
  },
  outcome: {
    outcome: "How does the story end?",
    succeed: "Does your protagonist reach their goal?",
    succeeds: { "1": "Yes", "0": "No" },
    feeling: "How does the ending feel?",
    feelings: { "1": "Good", "0": "Bad" },
  },
  opportunity: {
    interested: "Are you interested in opportunities for this story?",
    answers: { "1": "Yes", "0": "No" },
    types: "Which opportunities?",
    typeNames: {
      paid: "Paid stories",
      publishing: "Publishing",
      books: "Books",
      entertain: "Film and TV",
      all: "All of these",
    },
    logline: "Logline",
    loglineHint: "Your story in a sentence or two.",
    progress: "How far along is the story?",
    progressNames: {
      in_progress: "In progress",
      halfway: "Halfway",
      editing: "Editing",
      complete: "Complete",
    },
  },
  sliderValue: (value: number, low: string, high: string) =>
    value === 0 ? "0, in the middle" : `${value}, towards ${value < 0 ? low : high}`,
  save: "Save",
  saving: "Saving…",
  saved: "Saved",
  submit: "Submit",
  submitting: "Submitting…",
  submitted: "Submitted",
  notComplete: "Your Story Notes are not complete: fill in every field to submit them.",
  saveFailed: "Your Story Notes couldn't be saved. Check your connection and try again.",
} as const;

export const writerJourneyEn = {
  title: "Tell us about you",
  typeQuestion: "Are you a reader, a writer, or both?",
  types: {
    reader: "Reader",
    writer: "Writer",
    reader_writer: "Both",
  },
  motivationQuestion: "What brings you to writing?",
  stages: {
    fun: "I write for fun",
    researching: "I'm finding out how to get started",
    pursuing_career: "I'm working towards a writing career",
    professional: "I'm a professional writer",
    none: "None of these",
  },
  novelQuestion: "Have you finished writing a novel?",
  finished: { yes: "Yes", almost: "Almost", no: "Not yet" },
  skip: "Skip",
} as const;

export const writerTipEn = {
  title: "Interested in writing?",
  text: "Write your first story or edit your published stories here.",
  gotIt: "Got it",
} as const;

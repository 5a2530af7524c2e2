import type { IneligibilityReason } from "@inkwell/shared";
import { characters } from "./characters.ts";

/** The Inkwell Awards: the submission form, its success screen and the story editor's banner. */
export const contest = {
  name: (year: number) => `${year} Inkwell Awards`,
  pageTitle: (year: number) => `The ${year} Inkwell Awards`,
  /** My Stories' link to the contest page on a phone, beside New Story. */
  shortTitle: "Awards",
  intro: (year: number) =>
    `The ${year} Inkwell Awards celebrate the best new stories on Inkwell. Enter a published story of yours: our judges read every entry.`,
  closes: (date: string) => `Entries close ${date}.`,
  closed: (year: number) =>
    `The ${year} Inkwell Awards are now closed. Thanks for your participation!`,
  rules: (words: string) =>
    `Complete stories need at least ${words} words; ongoing stories are welcome and need them by the time judging starts. Paid stories can't be entered.`,
  yourStories: "Your stories",
  noStories: "Publish a story to enter it in the Awards.",
  /** After noStories: drafts and the New Story button are there. */
  goToMyStories: "Go to My Stories",
  enterStory: (title: string) => `Enter “${title}”`,
  enter: "Enter",
  standing: {
    submitted: "Entered",
    eligible: "Eligible",
    nearEligible: (has: string, needs: string) => `Nearly eligible: ${has} of ${needs} words`,
    notEligible: (because: IneligibilityReason | null, has: string, needs: string) => {
      switch (because) {
        case "PAID":
          return "Can't be entered: paid stories aren't part of the Awards";
        case "LANGUAGE":
          return "Can't be entered: the Awards don't take stories in this language";
        case "TOO_SHORT":
          return `Can't be entered yet: ${has} of ${needs} words for a complete story`;
        case "UNPUBLISHED":
          return "Can't be entered: publish a part first";
        default:
          return "Can't be entered";
      }
    },
  },
  /** A story the writer answered 'Not this story' on its editor's banner (decision 073). */
  declined: {
    note: "You chose “Not this story”: its editor doesn't suggest entering it.",
    undo: "Undo",
    undoStory: (title: string) => `Undo “Not this story” for “${title}”`,
    undone: "Done: its editor suggests entering it again.",
  },
  viewStoryEntry: (title: string) => `View your entry for “${title}”`,
  loading: "Loading your entry…",
  loadFailed: "We couldn't load this entry. Check your connection and try again.",
  retry: "Try again",
  modalTitle: (year: number) => `Enter the ${year} Inkwell Awards`,
  formLead: (title: string) => `Tell the judges about “${title}”.`,
  editDetails: "Edit your story details",
  submittedNotice: "This story has been submitted. Changes cannot be made.",
  notEligible: (year: number, words: string) =>
    `This story can't be entered in the ${year} Inkwell Awards: stories must be published, free to read, in one of the contest's languages, and complete stories need at least ${words} words.`,
  required: "required",
  sections: {
    story: "About your story",
    genre: "Genre and audience",
    content: "Content",
    pitch: "Your pitch",
    contact: "Contact and consent",
  },
  fields: {
    language: "Story language",
    storyStatus: "Story status",
    isSeries: "Is this story part of a series?",
    seriesType: "Where does it fit in the series?",
    isSeriesStandalone: "Can it be read on its own?",
    numberOfStoriesInSeries: "Which number is this story in the series?",
    totalPlannedStoriesInSeries: "How many stories do you plan for the series?",
    anticipatedStoryLength: "How long do you expect the finished story to be?",
    storyType: "Who is it written for?",
    genrePrimary: "Main genre",
    genreOthers: "Other genres (up to 3)",
    matureThemes: "Mature themes",
    matureThemeOther: "Other mature themes",
    storyMaturity: "How is sex shown?",
    diversity: "Character representation",
    diversityOther: "Other identities",
    logLine: "Logline",
    plotSummary: "Plot summary",
    writerEmail: "Email address",
    writerEmailConfirmation: "Confirm email address",
    legalConsent:
      "I confirm this story is my own original work, and I accept the Inkwell Awards' official rules.",
    finalConsent:
      "I understand that once I submit, I can't change my entry, and that Inkwell may contact me about it.",
  },
  hints: {
    genreOthers: "Pick up to three, besides the main genre.",
    logLine: "One or two sentences that sum up your story's hook.",
    plotSummary: "About 500 words: the main plot, from beginning to end, spoilers included.",
    writerEmail: "We only use it to contact you about your entry.",
    counts: "A whole number from 1 to 100.",
  },
  choose: "Choose…",
  yes: "Yes",
  no: "No",
  values: {
    storyStatus: { ONGOING: "Ongoing", COMPLETE: "Complete" },
    seriesType: { FIRST: "It's the first story", SEQUEL: "It's a sequel" },
    anticipatedStoryLength: {
      LESS_100: "Under 100,000 words",
      "100_TO_150": "100,000 to 150,000 words",
      MORE_150: "Over 150,000 words",
    },
    storyType: { ADULT_FICTION: "Adult fiction", TEEN_FICTION: "Teen fiction" },
    genre: {
      ACTION_THRILLER: "Action & thriller",
      FANTASY: "Fantasy",
      HISTORICAL: "Historical",
      HORROR: "Horror",
      MYSTERY_DETECTIVE: "Mystery & detective",
      PARANORMAL: "Paranormal",
      ROMANCE: "Romance",
      SCIENCE_FICTION: "Science fiction",
    },
    matureThemes: {
      NONE: "None",
      SEX: "Sex",
      EXPLICIT_LANGUAGE: "Explicit language",
      DRUG_USE: "Drug use",
      SELF_HARM: "Self-harm",
      GRAPHIC_VIOLENCE: "Graphic violence",
      OTHER: "Other",
    },
    storyMaturity: { EXPLICIT: "Explicitly", INEXPLICIT: "Not explicitly" },
    diversity: {
      BIPOC: "BIPOC",
      LGBTQ2: "LGBTQ2+",
      MARGINALIZED_RELIGION: "Marginalised religion",
      NEURODIVERGENT: "Neurodivergent",
      DISABILITY: "Disability",
      NONE: "None",
      OTHER: "Other",
    },
  },
  count: characters.counter,
  submit: "Submit my story",
  submitting: "Submitting…",
  fixErrors: (count: number) =>
    count === 1 ? "1 field needs your attention." : `${count} fields need your attention.`,
  failed: "Sorry, something went wrong. Please try again.",
  success: {
    title: "Congratulations!",
    text: (title: string, year: number) =>
      `“${title}” is entered in the ${year} Inkwell Awards. Good luck!`,
    tagAdded: (tag: string) =>
      `We added #${tag} to your story so readers can find the contest's entries.`,
    next: "Keep writing: the judges read the story as it stands when judging starts.",
    backToStory: "Back to your story",
    close: "Done",
  },
  banner: {
    label: "Inkwell Awards",
    submitted: (year: number) => `This story is entered in the ${year} Inkwell Awards.`,
    viewEntry: "View your entry",
    nearEligible: (year: number, words: string, has: string) =>
      `Almost there! Complete stories need ${words} words to enter the ${year} Inkwell Awards; this one has ${has}.`,
    eligible: (year: number) => `This story is eligible for the ${year} Inkwell Awards.`,
    mayBeEligible: (year: number, words: string) =>
      `This story may be eligible for the ${year} Inkwell Awards: ongoing stories are welcome, and need ${words} words by the time judging starts.`,
    enter: "Enter the Awards",
    /** The writer's answer to the invitation: they won't enter this story. */
    decline: "Not this story",
    thanks: (year: number) =>
      `Thanks for the input! We won't suggest entering this story in the ${year} Inkwell Awards again. You can still enter it from the Awards page.`,
    gotIt: "Got it",
  },

  admin: {
    title: "Inkwell Awards settings",
    lead: "The contest writers can enter now. Saving makes it the active contest; entries to earlier contests stay as they are.",
    none: "No contest is set: writers see no banner and no contest page.",
    current: (year: number, key: string) => `Active now: the ${year} Inkwell Awards (${key}).`,
    key: "Key",
    keyHint: "The contest page's address: /contests/{key}. Lower-case letters, digits and -.",
    year: "Year",
    tag: "Tag",
    tagHint: "Added to every entered story, without #.",
    closesAt: "Closes at",
    minWords: "Minimum words",
    minWordsHint: "Words a complete story needs to be eligible.",
    keyRefused: "Enter 3 to 40 lower-case letters, digits or -.",
    yearRefused: "Enter a year from 2000 to 2100.",
    tagRefused: "Enter one word of letters, digits, - or _, at most 30 characters.",
    closesAtRefused: "Choose the date and time the contest closes.",
    minWordsRefused: "Enter a whole number of words from 0 to 1,000,000.",
    save: "Save and make active",
    saving: "Saving…",
    saved: "Saved: this is the active contest.",
    failed: "The contest wasn't saved. Check the fields and try again.",
  },
};

import { backToTheStory } from "./backToTheStory.ts";
export const dmca = {
  title: "Copyright takedown notice",
  intro:
    "If you own the copyright in a work and believe it appears on Inkwell without your permission, tell us here. We review every notice and remove infringing content.",
  you: "About you",
  work: "The work",
  statements: "Statements",
  fields: {
    firstName: "First name",
    lastName: "Last name",
    username: "Inkwell username (optional)",
    email: "Email",
    company: "Company (optional)",
    address: "Street address",
    country: "Country",
    city: "City",
    province: "State or province",
    postalCode: "Postal code",
    phoneNumber: "Phone number",
    descriptionAlleged: "What was copied?",
    originalWorkUrl: "Where is your original work? (URL)",
    whereToFindOriginal: "Anywhere else we can find it? (optional)",
    reportedUrls: "Inkwell URLs of the infringing content (one per line)",
    isAccurate: "The information in this notice is accurate.",
    goodFaith:
      "I believe in good faith that the use described is not authorised by the copyright owner, its agent or the law.",
    owner:
      "Under penalty of perjury, I am the owner, or authorised to act for the owner, of the copyright.",
    signature: "Electronic signature: type your full name",
  },
  descriptions: {
    Word_for_word_copy_of_my_work: "A word-for-word copy of my work",
    Translation_of_my_work: "A translation of my work",
    Adaptation_of_my_work: "An adaptation of my work",
    Image_photos_illustrations_etc: "Images, photos, illustrations…",
    Piracy_spam: "Piracy or spam",
    Other: "Other",
  },
  submit: "Send notice",
  sending: "Sending…",
  doneHeading: "Thank you: your notice is filed",
  doneText:
    "We have received your copyright notice and will review it. We may contact you by email if we need more information.",
  backToStory: backToTheStory,
} as const;

import { formatCoins, PAID_PART_TEXT_MAX } from "@inkwell/shared";
import { characters } from "./characters.ts";

/** The writer's paid-part configuration dialog (writer-paid-contest.md §2, §3). */
export const paidParts = {
  open: "Paid part settings",
  title: "Paid part settings",
  loading: "Loading this part's settings…",
  loadFailed: "We couldn't load this part's settings.",
  retry: "Try again",
  kindLegend: "What readers pay for this part",
  chooseKind: "Choose what readers pay for this part",
  kinds: {
    free: { label: "Free", hint: "Everyone can read it." },
    paid_story: {
      label: (price: number) => `Paid part · ${formatCoins(price)}`,
      hint: "A part of your paid story: readers unlock it with Coins, or with the whole story.",
    },
    exclusive: {
      label: (price: number) => `Exclusive Chapter · ${formatCoins(price)}`,
      hint: "Bonus content readers unlock apart: it needs a description and your note.",
    },
    reveal: {
      label: (price: number) => `Writer Reveal · ${formatCoins(price)}`,
      hint: "Behind the scenes of your story: it needs a description.",
    },
  },
  description: "Part Description",
  descriptionHint: "What readers unlock, shown on the paywall.",
  note: "Author's Note",
  noteHint: "A few words to those who unlock it, shown on the paywall.",
  noteRequiredHint:
    "A few words to those who unlock it, shown on the paywall. Exclusive Chapters need one.",
  count: (length: number) => characters.counter(length, PAID_PART_TEXT_MAX),
  countLabel: (length: number) => characters.label(length, PAID_PART_TEXT_MAX),
  save: "Save",
  saving: "Saving…",
  cancel: "Cancel",
  remove: "Remove",
  removeQuestion: (title: string) =>
    `Make ${title} free? Readers who haven't unlocked it will read it without Coins. Those who did keep it.`,
  keepPaid: "Keep it paid",
  failed: "Something went wrong and nothing was saved. Please try again.",
  saved: {
    free: (title: string) => `${title} is free to read.`,
    paid_story: (title: string, price: number) =>
      `Readers unlock ${title} for ${formatCoins(price)}.`,
    bonus: (title: string, type: string, price: number) =>
      `${title} is ${/^[AEIOU]/.test(type) ? "an" : "a"} ${type}: readers unlock it for ${formatCoins(price)}.`,
  },
} as const;

/** The Premium Picks page (/catalog/premiumpicks); its banner's strings are in picksBanner. */
export const premiumPicks = {
  intro: "Five Originals a month, free to read with Premium.",
  tabs: "Which month",
  thisMonth: "This month",
  nextMonth: "Next month",
  picksOf: (name: string) => `Premium Picks for ${name}`,
  countdown: (days: number, hours: number, minutes: number) =>
    `New picks in ${days} ${days === 1 ? "day" : "days"}, ${hours} ${hours === 1 ? "hour" : "hours"} and ${minutes} ${minutes === 1 ? "minute" : "minutes"}`,
  none: "No picks to show here: your content settings may hide them.",
  failed: "Failed to load Premium Picks",
  faq: "Premium Picks FAQ",
  faqOpen: "How Premium Picks work",
  faqItems: [
    [
      "What are Premium Picks?",
      "Every month we choose five Originals, paid stories by Inkwell writers, that Premium and Premium+ members read in full without spending Coins.",
    ],
    [
      "When do they change?",
      "On the first of every month. The countdown on this page shows how long this month's picks have left; Next month shows what comes after.",
    ],
    [
      "Who can read them?",
      "Everyone can read their free parts. Premium and Premium+ members read every part while the story is a pick.",
    ],
  ] as const,
  faqDone: "Got it",
} as const;

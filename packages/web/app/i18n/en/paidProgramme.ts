import { formatCount, PAID_STORY_PART_PRICE, SALE_DAYS_MAX, SALE_PERCENT } from "@inkwell/shared";

const plural = (count: number, one: string, many: string) =>
  `${formatCount(count)} ${count === 1 ? one : many}`;

/** /admin/paid_stories_manager: system admins put stories in the Paid Stories programme. */
export const paidProgramme = {
  title: "Paid story manager",
  lead: "A story in the Paid Stories programme is an Inkwell Original: readers unlock its parts after the free ones with Coins. Its writer then prices each part.",
  by: (author: string) => `by ${author}`,
  inProgramme: "In the Paid Stories programme",
  outside: "Free to read",
  draftStory: "Draft",
  deletedStory: "Deleted",
  sales: (readers: number, coins: number) =>
    readers === 0
      ? "No reader has bought any of it yet."
      : `${plural(readers, "reader", "readers")} bought parts of it, for ${plural(coins, "Coin", "Coins")} in all.`,
  partsHeading: "Parts",
  noParts: "This story has no parts yet.",
  free: "Free",
  price: (coins: number) => plural(coins, "Coin", "Coins"),
  salePrice: (list: number, onSale: number) =>
    `${plural(list, "Coin", "Coins")}, ${formatCount(onSale)} on sale`,
  draftPart: "Draft",
  freeParts: "Free parts at the start",
  freePartsHint: `Each later part costs ${PAID_STORY_PART_PRICE} Coins, drafts too once published, until the writer prices it otherwise.`,
  join: "Add to the programme",
  joined: "The story is in the Paid Stories programme.",
  leave: "Take out of the programme",
  leaveTitle: "Take this story out of the programme?",
  leaveText:
    "Every part becomes free to read. What readers bought stays theirs, should the story come back.",
  left: "The story is out of the programme: every part is free to read.",
  deletedNote: "A deleted story can't join the programme.",
  saleHeading: "Sale",
  saleOn: (percent: number, until: string) => `On sale: ${percent}% off until ${until}.`,
  saleNone:
    "Not on sale. A sale takes a percent off every paid part and lists the story in the catalog's On sale group.",
  salePercent: "Percent off",
  salePercentHint: `From ${formatCount(SALE_PERCENT.min)} to ${formatCount(SALE_PERCENT.max)}: each paid part costs that much less, rounded down to a whole Coin.`,
  saleLastDay: "Last day of the sale",
  saleLastDayHint: `The sale ends when that day does, on your clock; it lasts at most ${formatCount(SALE_DAYS_MAX)} days.`,
  startSale: "Start the sale",
  changeSale: "Change the sale",
  endSale: "End the sale",
  saleStarted: "The story is on sale.",
  saleChanged: "The sale is changed.",
  saleEnded: "The sale has ended: every part is back at its list price.",
  saving: "Saving…",
  failed: "Not saved. Please try again.",
  cancel: "Cancel",
} as const;

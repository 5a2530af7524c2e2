/** /premium, the subscribe page (reader.md §2), and the links to it. */
export const premium = {
  title: "Inkwell Premium",
  lead: "Read more Originals, read without ads, and get more from every Coin.",
  benefitsLabel: "What Premium gives you",
  picksTitle: "5 Originals free every month",
  picksText:
    "Premium Picks: a new set of paid stories each month, yours to read in full while they are picked.",
  seePicks: "See this month's picks",
  adsTitle: "No ads",
  adsText: "Stories, comments and your home feed without advertising.",
  themesTitle: "Premium reading themes",
  themesText: "Midnight and Sage join Light, Dark and Sepia on the reading page.",
  coinsTitle: (gain: number) => `Up to ${gain}% more Coins`,
  coinsText: "Every Coin pack holds more for Premium members:",
  packsLabel: "Coins per pack, without and with Premium",
  pack: (value: number, premiumValue: number, price: string) =>
    `${value} Coins, ${premiumValue} with Premium, $${price}`,
  soonTitle: "Subscriptions open soon on the web",
  soonText: "Until then, every Original's free parts are yours to read.",
  memberTitle: "You're a Premium member",
  memberText: "Thank you for supporting Inkwell's writers. Enjoy this month's picks.",
  seePremium: "See Premium",
} as const;

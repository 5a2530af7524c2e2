import { formatCoinBalance, formatCoins, formatCount, formatPackPrice } from "@inkwell/shared";

export const coins = {
  howToBuyCoins: "How to buy Coins",
  coinsSteps: [
    { heading: "Get the Inkwell app", text: "Coins are bought in the Inkwell app on your phone." },
    {
      heading: "Open your wallet",
      text: "Tap your profile picture, then Coins, to see the packs on offer.",
    },
    {
      heading: "Pick a pack",
      text: "Buy a pack of Coins; they unlock Originals here and in the app.",
    },
  ],
  storesLabel: "Get the app",
  appStore: "Download on the App Store",
  googlePlay: "Get it on Google Play",
  gotIt: "Got it",
  paywallHeading: "Unlock this part",
  bonusHeading: (type: string) => `Unlock this ${type}`,
  aboutAuthor: (name: string) => `About ${name}`,
  noteFrom: (name: string) => `A note from ${name}`,
  unlockPart: (price: number) => `Unlock for ${formatCoins(price)}`,
  unlockStory: (price: number) => `Whole story for ${formatCoins(price)}`,
  balance: (amount: number) =>
    `You have ${formatCoinBalance(amount)} ${amount === 1 ? "Coin" : "Coins"}`,
  deducting: "Deducting…",
  opening: "Unlocked, opening…",
  logInToUnlock: "Log in to unlock",
  saleUntil: (until: string) => `On sale until ${until}.`,
  usualPrices: (price: number, storyPrice: number) =>
    storyPrice > 0
      ? `Usually ${formatCoins(price)} for this part and ${formatCoins(storyPrice)} for the whole story.`
      : `Usually ${formatCoins(price)} for this part.`,
  costs: (price: number, storyPrice: number) =>
    `This part costs ${formatCoins(price)}; the whole story ${formatCoins(storyPrice)}.`,
  confirmStoryTitle: "Unlock the whole story?",
  confirmStoryText: (title: string, price: number) =>
    `${formatCoins(price)} unlock every locked part of ${title} published so far. Parts published later are unlocked on their own.`,
  cancel: "Cancel",
  notEnough: (price: number, balance: number) =>
    `This costs ${formatCoins(price)} and you have ${formatCoinBalance(balance)}. Get more Coins to unlock it.`,
  failed: "Something went wrong. Please try again.",
  thanksFrom: (name: string) => `${name} says:`,
  /** The balance in full: the button shows it abbreviated ("123K"). */
  walletLabel: (amount: number | null) =>
    amount === null ? "Your Coins" : `Your Coins: ${formatCount(amount)}`,
  deductingShort: "Deducting",
  walletTipTitle: "Your Coins live here",
  walletTipText: "Coins unlock paid parts of Originals. Tap your balance to get more.",
  coinShop: "Coin Shop",
  selectPack: "Select a Coin package below.",
  taxes: "Taxes will be added at checkout.",
  premiumUpsell: (percent: number) => `Premium members get up to ${percent}% more Coins`,
  seePremium: "See Premium",
  packsLabel: "Coin packages",
  packCoins: (coins: number) => formatCoins(coins),
  withPremium: (extra: number) => `+ ${extra} with Premium`,
  mostPopular: "Most Popular",
  packPrice: (price: string) => formatPackPrice(price),
  buying: "Buying…",
  loadingPacks: "Loading Coin packages…",
  packsFailed: "The Coin packages did not load. Please try again.",
  retry: "Try again",
  boughtTitle: "Wallet locked and loaded",
  previousBalance: "Previous balance",
  coinsAdded: "Coins added",
  newBalance: "New balance",
  complete: "Complete",
} as const;

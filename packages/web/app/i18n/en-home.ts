/** The home feed's sections, the featured list page and the landing page, in English. */
export const feedEn = {
  tryPremium: "Try Premium",
  tryPremiumText: "5 Originals free every month",
  seeAll: "See all",
  seeAllOf: (heading: string) => `See all: ${heading}`,
  moreTags: (count: number) => `+${count} more`,
  readNow: "Read now",
  startReading: "Start reading",
  sponsoredBy: (name: string) => `Sponsored by ${name}`,
  sponsored: "Sponsored",
  carousel: "Featured lists",
  slide: "slide",
  slideOf: (index: number, total: number) => `${index} of ${total}`,
  previous: "Previous slide",
  next: "Next slide",
  pause: "Pause slides",
  play: "Play slides",
  picksUntil: (date: string) => `Free with Premium until ${date}`,
  gotIt: "Got it",
  merchTitle: "Inkwell merch",
  merchNotice: "Sorry this product is in beta and only available on iOS at the moment.",
  goHome: "Go home",
  featuredList: "Featured list",
  featuredEmpty: "There are no stories on this list you can read yet.",
  featuredUnavailable: "This list can't be shown right now. Try again in a moment.",
};

export const landingEn = {
  heroHeading: "Where stories live",
  heroText:
    "Discover stories by writers everywhere, part by part, or share your own with millions of readers.",
  startReading: "Start Reading",
  startWriting: "Start Writing",
  signupTitle: "Join Inkwell",
  signupReader: "Sign up to read, follow writers and keep a Library.",
  signupWriter: "Sign up to publish your story, a part at a time.",
  signupEmail: "Sign up with email",
  haveAccount: "I already have an account",
  figuresLabel: "Inkwell in numbers",
  figures: [
    { value: "85 million", label: "readers" },
    { value: "50+", label: "writing resources" },
    { value: "1000+", label: "story deals" },
  ],
  howItWorks: "How Inkwell works",
  steps: [
    { heading: "Find a story", text: "Browse genres and the stories readers love right now." },
    { heading: "Read part by part", text: "Pick up where you left off, on any device." },
    { heading: "Write your own", text: "Publish a part at a time and grow your readership." },
  ],
  quotesHeading: "Writers on Inkwell",
  quotes: [
    {
      quote:
        "I posted my first chapter on a Tuesday night. By Friday, strangers were arguing in my comments about who the killer was.",
      author: "Mara Quill",
      role: "Author of The Glass Orchard",
    },
    {
      quote:
        "Writing in parts taught me to end every chapter on a question. My readers taught me which questions mattered.",
      author: "Theo Vance",
      role: "Author of Saltwind",
    },
    {
      quote:
        "The story that became my first published book started as a dare in the Inkwell comments.",
      author: "Priya Nandakumar",
      role: "Author of Lanterns for the Dead",
    },
  ],
  previousQuote: "Previous quote",
  nextQuote: "Next quote",
  quoteOf: (index: number, total: number) => `Quote ${index} of ${total}`,
  discoveredHeading: "Get Discovered",
  discoveredText:
    "Inkwell Originals, writing contests and our editors' picks put new voices in front of readers every week.",
  discoveredLinks: [
    { label: "Start a story", url: "/myworks/new" },
    { label: "How to write a logline", url: "/help/writing/logline" },
    { label: "Content guidelines", url: "/guidelines" },
  ],
  booksHeading: "Inkwell Books",
  booksText:
    "Stories that readers can't put down become books: our publishing team takes Inkwell hits to print.",
  studiosHeading: "Inkwell Studios",
  studiosText: "From the page to the screen: we adapt Inkwell stories into films and series.",
  brandsHeading: "Brand partnerships",
  brandsText: "Reach readers through the stories they love, with writers who know them best.",
  brandsLink: "Partner with us",
  bottomHeading: "Your story starts here",
  bottomText: "Millions of readers are looking for the next story they can't put down.",
};

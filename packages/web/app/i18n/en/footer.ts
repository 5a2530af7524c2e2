export const footer = {
  tagline: "Stories, part by part.",
  language: "Language",
  changeLanguage: "Change",
  terms: "Terms",
  privacy: "Privacy",
  guidelines: "Content guidelines",
  help: "Help",
  linksLabel: "About Inkwell",
  doNotSell: "Do not sell my personal information",
  copyright: "Copyright notice",
} as const;

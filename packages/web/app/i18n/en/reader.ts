export const reader = {
  continueReading: "Continue reading",
  progressLabel: "Reading progress",
  settings: "Reading settings",
  fontSize: "Font size",
  fontSizes: { small: "Small", medium: "Medium", large: "Large", xlarge: "Extra large" },
  lineSpacing: "Line spacing",
  lineSpacings: { compact: "Compact", normal: "Normal", relaxed: "Relaxed" },
  theme: "Theme",
  themes: {
    auto: "Auto",
    light: "Light",
    dark: "Dark",
    sepia: "Sepia",
    midnight: "Midnight",
    sage: "Sage",
  },
  premium: "Premium",
  saveFailed: "Your settings couldn't be saved. Please try again.",
  premiumTitle: "Read in every theme with Premium",
  premiumText:
    "Midnight, Sage and the themes still to come are part of Inkwell Premium, with ad-free reading and 5 Originals a month from Premium Picks.",
  premiumClose: "Keep reading",
} as const;

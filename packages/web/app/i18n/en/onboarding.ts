import { GENRE_MESSAGES } from "@inkwell/shared";

export const onboarding = {
  title: "Pick your genres",
  greeting: (name: string) => `Hi, ${name}`,
  intro: "Choose up to three genres you love and we'll fill your home with them.",
  genres: "Genres",
  tooMany: GENRE_MESSAGES.tooMany,
  finish: "Finish",
  doneTitle: "All done",
  doneText: "Your home is ready.",
  startReading: "Start reading",
} as const;

export const onboarding = {
  title: "Pick your genres",
  greeting: (name: string) => `Hi, ${name}`,
  intro: "Choose up to three genres you love and we'll fill your home with them.",
  genres: "Genres",
  tooMany: "Oops, you can only select three genres. Try removing one before adding another",
  finish: "Finish",
  doneTitle: "All done",
  doneText: "Your home is ready.",
  startReading: "Start reading",
} as const;

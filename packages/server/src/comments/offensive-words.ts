import { containsOffensiveWord } from "@inkwell/shared";

/**
 * A small list of slurs and abuse that collapses a comment behind a reveal. It flags, it
 * never refuses: a moderation service with a fuller list replaces this, not the flag.
 */
const OFFENSIVE_WORDS = [
  "asshole",
  "bastard",
  "bitch",
  "cunt",
  "dickhead",
  "fag",
  "faggot",
  "fuck",
  "fucking",
  "motherfucker",
  "nigger",
  "retard",
  "shit",
  "slut",
  "twat",
  "whore",
] as const;

export const isOffensive = (text: string): boolean => containsOffensiveWord(text, OFFENSIVE_WORDS);

/**
 * Editing one's own profile (ours: the spec shows a profile's name, avatar, background,
 * highlight colour and about text, but not how they are changed; docs/decisions/047).
 */

import { formatCount } from "./format.ts";

export const PROFILE_NAME_MAX = 50;
export const PROFILE_ABOUT_MAX = 2000;

/**
 * The colours a profile's band may take when it has no background picture: mid tones that
 * sit behind the avatar's ring in either theme. A fixed set, so a stored value is never
 * anything but a colour.
 */
export const HIGHLIGHT_COLOURS = [
  "#b0245e",
  "#c2410c",
  "#a16207",
  "#15803d",
  "#0f766e",
  "#0369a1",
  "#4338ca",
  "#7e22ce",
  "#475569",
] as const;
export type HighlightColour = (typeof HIGHLIGHT_COLOURS)[number];

export const isHighlightColour = (value: unknown): value is HighlightColour =>
  (HIGHLIGHT_COLOURS as readonly unknown[]).includes(value);

export const PROFILE_MESSAGES = {
  nameEmpty: "Enter the name to show on your profile.",
  nameTooLong: `A name is at most ${formatCount(PROFILE_NAME_MAX)} characters.`,
  aboutTooLong: `About is at most ${formatCount(PROFILE_ABOUT_MAX)} characters.`,
  colour: "Choose one of the highlight colours.",
} as const;

// Control characters never belong in a name or an about text (tabs and new lines are
// handled on their own below).
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2060-\u206f]/g;

/** A display name as shown: one line, single spaces, no invisible characters. */
export function cleanProfileName(raw: string): string {
  return raw.replace(CONTROL, "").replace(/\s+/g, " ").trim();
}

/**
 * An about text as kept: Unix line ends, no invisible characters, no trailing spaces, at
 * most one empty line between paragraphs.
 */
export function cleanAbout(raw: string): string {
  return raw
    .replace(/\r\n?/g, "\n")
    .replace(/\t/g, " ")
    .replace(CONTROL, "")
    .replace(/[^\S\n]+\n/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** Length in characters as a reader counts them (an emoji is one). */
export const characterCount = (text: string): number => [...text].length;

export interface ProfileTextProblems {
  name?: string;
  description?: string;
}

/** What is wrong with a name and about text once cleaned, by field; empty when nothing. */
export function profileTextProblems(edit: {
  name?: string;
  description?: string;
}): ProfileTextProblems {
  const problems: ProfileTextProblems = {};
  if (edit.name !== undefined) {
    const name = cleanProfileName(edit.name);
    if (name === "") problems.name = PROFILE_MESSAGES.nameEmpty;
    else if (characterCount(name) > PROFILE_NAME_MAX) problems.name = PROFILE_MESSAGES.nameTooLong;
  }
  if (
    edit.description !== undefined &&
    characterCount(cleanAbout(edit.description)) > PROFILE_ABOUT_MAX
  ) {
    problems.description = PROFILE_MESSAGES.aboutTooLong;
  }
  return problems;
}

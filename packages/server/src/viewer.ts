import { HttpError } from "./http/errors.ts";

/** Who is asking: the acting user that every service decides authorisation from. */
export interface Viewer {
  id: number;
  username: string;
  isSysAdmin: boolean;
  isAmbassador: boolean;
  isStaff: boolean;
  /** A Premium member: more Coins per pack, this month's Premium Picks to read in full. */
  isPremium: boolean;
  /** Whether lists and story pages may show this viewer mature stories. */
  seesMature: boolean;
  /** When a moderator's time-out ends (epoch ms), or null: until then no posting. */
  timedOutUntil: number | null;
  /** The profile's country (ISO 3166 code), or null: ad decisions read it. */
  country: string | null;
}

export type MaybeViewer = Viewer | null;

/**
 * A user acting with no role, Premium, mature stories, time-out or country, but for `changes`:
 * for a viewer made in code (the support account, the demo's seeds) rather than by a session.
 */
export const plainViewer = (
  user: { id: number; username: string },
  changes: Partial<Omit<Viewer, "id" | "username">> = {},
): Viewer => ({
  id: user.id,
  username: user.username,
  isSysAdmin: false,
  isAmbassador: false,
  isStaff: false,
  isPremium: false,
  seesMature: false,
  timedOutUntil: null,
  country: null,
  ...changes,
});

/**
 * The author of a story, or staff (system admins and Inkwell staff): who may see its drafts,
 * deleted story, mature content regardless of their setting, and paid parts without Coins.
 */
export const isAuthorOrStaff = (authorId: number, viewer: MaybeViewer): boolean =>
  viewer !== null && (viewer.id === authorId || viewer.isSysAdmin || viewer.isStaff);

/**
 * A path naming a user ({username}, {currentUsername}) that only that user may act on:
 * anyone else signed in is refused with `refusal`. Usernames match without regard to case.
 */
export function assertIsViewer(viewer: Viewer, username: string, refusal: string): void {
  if (viewer.username.toLowerCase() !== username.toLowerCase()) {
    throw new HttpError(403, "forbidden", refusal);
  }
}

/** The hash that opens one's own profile with the Edit profile form up (from Settings). */
export const EDIT_PROFILE_HASH = "#edit-profile";

/** Where Settings sends a reader to change their name, about and pictures. */
export function editProfileHref(username: string): string {
  return `/user/${encodeURIComponent(username)}${EDIT_PROFILE_HASH}`;
}

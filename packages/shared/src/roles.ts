/**
 * Who may do staff work (reader.md §1, accounts-safety-messaging.md §6): the one rule the
 * server's services and the web's pages and menus ask; a session's viewer and the current
 * user both carry these flags.
 */
export interface Roles {
  isAmbassador: boolean;
  isSysAdmin: boolean;
  isStaff: boolean;
}

/** Ambassadors and system admins moderate: reports, image appeals, closing and time-outs. */
export const isModerator = (user: Pick<Roles, "isAmbassador" | "isSysAdmin">): boolean =>
  user.isAmbassador || user.isSysAdmin;

/**
 * Whose account a moderator may close or time out: never staff's or a system admin's, and
 * another ambassador's only as a system admin (ambassadors must not be able to silence
 * each other).
 */
export const mayModerateAccount = (actor: Roles, target: Roles): boolean =>
  isModerator(actor) &&
  !target.isStaff &&
  !target.isSysAdmin &&
  (!target.isAmbassador || actor.isSysAdmin);

/** Staff and system admins run the business side: sponsored stories, any reader's wallet. */
export const isStaffOrAdmin = (user: Pick<Roles, "isStaff" | "isSysAdmin">): boolean =>
  user.isStaff || user.isSysAdmin;

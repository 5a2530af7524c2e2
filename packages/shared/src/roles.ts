/**
 * Who may do staff work (reader.md §1, accounts-safety-messaging.md §6): the one rule the
 * server's services and the web's pages and menus ask; a session's viewer and the current
 * user both carry these flags.
 */
interface Roles {
  isAmbassador: boolean;
  isSysAdmin: boolean;
  isStaff: boolean;
}

/** Ambassadors and system admins moderate: reports, image appeals, closing and time-outs. */
export const isModerator = (user: Pick<Roles, "isAmbassador" | "isSysAdmin">): boolean =>
  user.isAmbassador || user.isSysAdmin;

/** Staff and system admins run the business side: sponsored stories, any reader's wallet. */
export const isStaffOrAdmin = (user: Pick<Roles, "isStaff" | "isSysAdmin">): boolean =>
  user.isStaff || user.isSysAdmin;

import { redirect } from "react-router";

/**
 * /settings/notifications (accounts-safety-messaging.md §2, the backend-notifications test
 * group's link): Inkwell's notification settings are the Settings page's Notifications tab,
 * so the address opens it there (decision 059).
 */
export function loader() {
  return redirect("/settings#notifications", 302);
}

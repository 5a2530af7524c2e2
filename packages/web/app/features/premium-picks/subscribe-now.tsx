import { t } from "../../i18n/index.ts";
import { useCurrentUser } from "../../lib/current-user.ts";

/** Subscribe now, for everyone but Premium subscribers (reader.md §2): to /premium. */
export function SubscribeNow() {
  const user = useCurrentUser();
  if (user?.isPremium) return null;
  return (
    <a className="button button--primary" href="/premium">
      {t.picksBanner.subscribe}
    </a>
  );
}

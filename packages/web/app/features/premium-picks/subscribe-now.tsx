import { t } from "../../i18n/index.ts";
import { useCurrentUser } from "../../lib/current-user.ts";

/**
 * Subscribe now, for everyone but Premium subscribers (reader.md §2, §6): to /premium. The
 * picks banner makes it its primary action; the paywall, where Unlock is, a plain one.
 */
export function SubscribeNow({ className = "button button--primary" }: { className?: string }) {
  const user = useCurrentUser();
  if (user?.isPremium) return null;
  return (
    <a className={className} href="/premium">
      {t.picksBanner.subscribe}
    </a>
  );
}

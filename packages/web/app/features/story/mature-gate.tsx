import { ShieldAlert } from "lucide-react";
import { useState } from "react";
import { useLocation } from "react-router";
import { t } from "../../i18n/index.ts";
import { useCurrentUser } from "../../lib/current-user.ts";
import { ContentPreferencesModal } from "../safety/content-preferences-modal.tsx";

/**
 * What a mature story (or one of its parts) shows to someone it is hidden from: nothing of
 * the story, and the way in — log in, or the Content Preferences panel.
 */
export function MatureGate() {
  const user = useCurrentUser();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const nextUrl = new URLSearchParams({ nextUrl: location.pathname }).toString();
  return (
    <section className="error-page" aria-labelledby="gate-heading">
      <title>{`${t.mature.heading} · ${t.brand}`}</title>
      <ShieldAlert className="error-page__icon" aria-hidden="true" size={56} />
      <h1 id="gate-heading">{t.mature.heading}</h1>
      <p>{user ? t.mature.hiddenBySettings : t.mature.logIn}</p>
      {user ? (
        <>
          <button className="button button--primary" type="button" onClick={() => setOpen(true)}>
            {t.mature.settings}
          </button>
          <ContentPreferencesModal
            username={user.username}
            open={open}
            onClose={() => setOpen(false)}
          />
        </>
      ) : (
        <a className="button button--primary" href={`/login?${nextUrl}`}>
          {t.nav.logIn}
        </a>
      )}
    </section>
  );
}

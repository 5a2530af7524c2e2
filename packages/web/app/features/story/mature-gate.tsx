import { ShieldAlert } from "lucide";
import { lazy, Suspense, useState } from "react";
import { isRouteErrorResponse, useLocation, useRouteError } from "react-router";
import { type ErrorKind, ErrorPage } from "../../components/error-page.tsx";
import { Icon } from "../../components/icon.tsx";
import { ScriptButton } from "../../components/script-button.tsx";
import { t } from "../../i18n/index.ts";
import { useCurrentUser } from "../../lib/current-user.ts";
import { isMatureGate } from "../../lib/route-data.ts";

// Loaded on the first click: visitors (most of those who meet the gate) never open it.
const ContentPreferencesModal = lazy(() =>
  import("../safety/content-preferences-modal.tsx").then((module) => ({
    default: module.ContentPreferencesModal,
  })),
);

/**
 * What a mature story (or one of its parts) shows to someone it is hidden from: nothing of
 * the story, and the way in — log in, or the Content Preferences panel.
 */
export function MatureGate() {
  const user = useCurrentUser();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  // Stays mounted once opened: closing it the first time shows a confirmation.
  const [opened, setOpened] = useState(false);
  const nextUrl = new URLSearchParams({ nextUrl: location.pathname }).toString();
  return (
    <section className="error-page" aria-labelledby="gate-heading">
      <title>{`${t.mature.heading} · ${t.brand}`}</title>
      <Icon of={ShieldAlert} className="error-page__icon" aria-hidden="true" size={56} />
      <h1 id="gate-heading">{t.mature.heading}</h1>
      <p>{user ? t.mature.hiddenBySettings : t.mature.logIn}</p>
      {user ? (
        <>
          <ScriptButton
            className="button button--primary"
            onClick={() => {
              setOpened(true);
              setOpen(true);
            }}
          >
            {t.mature.settings}
          </ScriptButton>
          {opened && (
            <Suspense fallback={null}>
              <ContentPreferencesModal
                username={user.username}
                open={open}
                onClose={() => setOpen(false)}
              />
            </Suspense>
          )}
        </>
      ) : (
        <a className="button button--primary" href={`/login?${nextUrl}`}>
          {t.nav.logIn}
        </a>
      )}
    </section>
  );
}

/**
 * The error page of a route that shows a story or one of its parts: the mature gate, a page
 * not found, or the route's own `otherwise` for anything else.
 */
export function StoryRouteError({ otherwise }: { otherwise: ErrorKind }) {
  const error = useRouteError();
  if (isMatureGate(error)) return <MatureGate />;
  if (isRouteErrorResponse(error) && error.status === 404) return <ErrorPage kind="notFound" />;
  return <ErrorPage kind={otherwise} />;
}

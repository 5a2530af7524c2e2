import { lazy, type ReactNode, Suspense, useEffect, useState } from "react";
import { useLocation } from "react-router";
import { browserApi } from "../../api/client.ts";
import { Modal } from "../../components/modal.tsx";
import { ScriptButton } from "../../components/script-button.tsx";
import { t } from "../../i18n/index.ts";
import { useCurrentUser } from "../../lib/current-user.ts";

// Only a reader who asks to change an unverified address opens it: every page with a vote,
// follow or add button would otherwise download the email form and its strings.
const EmailModal = lazy(() =>
  import("../settings/email-modal.tsx").then((module) => ({ default: module.EmailModal })),
);

// Only the sign-up modal shows it, and only where Google sign-in is configured.
const GoogleButton = lazy(() =>
  import("../../components/google-button.tsx").then((module) => ({
    default: module.GoogleButton,
  })),
);

type Gate = "signup" | "verify" | "email" | null;

/**
 * Every interaction (vote, comment, follow, add to list…) goes through `guard`: a visitor
 * gets the sign-up modal, a reader whose email is still unverified the please-verify modal,
 * and only a verified reader runs the action. Render `modals` once beside the control.
 */
export function useInteractionGate(): { guard: (action: () => void) => void; modals: ReactNode } {
  const user = useCurrentUser();
  const location = useLocation();
  const [gate, setGate] = useState<Gate>(null);
  const [resend, setResend] = useState<string | null>(null);
  // The email modal stays mounted once opened, as every Modal does, keeping what was typed.
  const [emailOpened, setEmailOpened] = useState(false);
  if (gate === "email" && !emailOpened) setEmailOpened(true);
  const here = location.pathname + location.search;
  const nextUrl = new URLSearchParams({ nextUrl: here }).toString();
  // Asked when the sign-up modal first opens: most visits never open it.
  const [google, setGoogle] = useState<boolean | null>(null);
  useEffect(() => {
    if (gate !== "signup" || google !== null) return;
    browserApi()
      .authProviders()
      .then((providers) => setGoogle(providers.google))
      .catch(() => setGoogle(false));
  }, [gate, google]);

  function guard(action: () => void) {
    if (!user) setGate("signup");
    else if (!user.verified_email) void actIfVerifiedSince(action);
    else action();
  }

  // The page may predate the link the reader has since followed in their mail (often in
  // another tab): the server, not the page, says whether they still need to verify.
  async function actIfVerifiedSince(action: () => void) {
    const now = await browserApi()
      .currentUser()
      .catch(() => null);
    if (now?.verified_email) action();
    else setGate("verify");
  }

  async function resendEmail() {
    const result = await browserApi().resendActivation();
    setResend(result.ok ? t.gate.resent : t.gate.resendFailed);
  }

  const modals = (
    <>
      <Modal open={gate === "signup"} title={t.gate.signupTitle} onClose={() => setGate(null)}>
        <div className="modal__form">
          {google && (
            <Suspense fallback={null}>
              <GoogleButton nextUrl={here} />
            </Suspense>
          )}
          <a className="button button--primary button--large" href={`/signup?${nextUrl}`}>
            {t.gate.signupWithEmail}
          </a>
          <a className="button button--large" href={`/login?${nextUrl}`}>
            {t.gate.haveAccount}
          </a>
        </div>
      </Modal>
      <Modal open={gate === "verify"} title={t.gate.verifyTitle} onClose={() => setGate(null)}>
        <div className="modal__form">
          <p>{t.gate.verifyText(user?.email ?? "")}</p>
          <p className="live-region" role="status">
            {resend}
          </p>
          <div className="modal__actions">
            <ScriptButton className="button" onClick={() => setGate("email")}>
              {t.gate.changeEmail}
            </ScriptButton>
            <ScriptButton className="button button--primary" onClick={resendEmail}>
              {t.gate.resendEmail}
            </ScriptButton>
          </div>
        </div>
      </Modal>
      {emailOpened && user && (
        <Suspense fallback={null}>
          <EmailModal
            open={gate === "email"}
            accountId={user.id}
            hasPassword={user.has_password}
            onClose={() => setGate(null)}
          />
        </Suspense>
      )}
    </>
  );
  return { guard, modals };
}

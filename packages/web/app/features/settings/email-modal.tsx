import { EMAIL_MESSAGES, isEmail, WRONG_PASSWORD } from "@inkwell/shared";
import { CircleAlert, CircleCheck } from "lucide";
import { type FormEvent, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { browserApi } from "../../api/client.ts";
import { ErrorLine, useLiveMessage } from "../../components/alert.tsx";
import { Icon } from "../../components/icon.tsx";
import { Modal } from "../../components/modal.tsx";
import { PasswordField } from "../../components/password-field.tsx";
import { ScriptButton } from "../../components/script-button.tsx";
import { t } from "../../i18n/index.ts";

type Validity = "idle" | "pending" | "valid" | "invalid";

const PASSWORD_ID = "settings-email-password";
const EMAIL_ID = "settings-new-email";
type View = "form" | "sent" | "problem";

interface EmailModalProps {
  open: boolean;
  /** The account's id, which the form names (§7). */
  accountId: number;
  /** False for an account signed up with Google that has not added one: nothing to confirm with. */
  hasPassword: boolean;
  onClose: () => void;
  /** Where the form was opened from a choice (email re-verification): a Back button returns there. */
  onBack?: () => void;
}

/**
 * The change-email modal: the new address is checked with the server on blur (reset on
 * focus), must match its confirmation, and needs the password if the account has one; then
 * 'Email sent', with a resend that falls back to 'Problem reaching email :('.
 */
export function EmailModal({ open, accountId, hasPassword, onClose, onBack }: EmailModalProps) {
  const [view, setView] = useState<View>("form");
  const [email, setEmail] = useState("");
  const [confirm, setConfirm] = useState("");
  const [password, setPassword] = useState("");
  const [validity, setValidity] = useState<Validity>("idle");
  const [emailError, setEmailError] = useState<string | null>(null);
  // The same refusal twice (a wrong password sent again with Enter) is said again.
  const [formError, setFormError] = useLiveMessage<string>();
  const [passwordError, setPasswordError] = useLiveMessage<string>();
  // The pressed button goes with the view it was in: focus goes to what replaced it.
  const outcome = useRef<HTMLParagraphElement>(null);
  const mismatch = confirm !== "" && confirm.toLowerCase() !== email.toLowerCase();
  const ready =
    validity === "valid" && confirm !== "" && !mismatch && (!hasPassword || password !== "");

  async function validate() {
    const local = !email
      ? EMAIL_MESSAGES.required
      : !isEmail(email)
        ? EMAIL_MESSAGES.invalid
        : null;
    if (local) {
      setEmailError(local);
      setValidity("invalid");
      return;
    }
    setValidity("pending");
    const result = await browserApi().validateEmail(email);
    setValidity(result.ok ? "valid" : "invalid");
    setEmailError(result.ok ? null : (result.refusal.message ?? EMAIL_MESSAGES.invalid));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const result = await browserApi().changeEmail({
      id: String(accountId),
      email,
      confirm_email: confirm,
      password,
    });
    if (result.ok) {
      show("sent");
      return;
    }
    const message = result.refusal.message ?? "";
    const wrongPassword = result.refusal.error_code === WRONG_PASSWORD;
    flushSync(() => {
      setPasswordError(wrongPassword ? message : null);
      setFormError(wrongPassword ? null : message);
    });
    // The field to fix, which the message now describes, not the Save just pressed.
    if (wrongPassword) document.getElementById(PASSWORD_ID)?.focus();
  }

  /** Shows 'Email sent' or the problem, its words taking focus so they are read out. */
  function show(next: Exclude<View, "form">) {
    flushSync(() => setView(next));
    outcome.current?.focus();
  }

  async function resend() {
    const result = await browserApi().resendActivation();
    show(result.ok ? "sent" : "problem");
  }

  function changeEmail() {
    flushSync(() => setView("form"));
    document.getElementById(EMAIL_ID)?.focus();
  }

  const close = () => {
    setView("form");
    onClose();
  };
  const title =
    view === "sent"
      ? t.settings.emailModal.sentTitle
      : view === "problem"
        ? t.settings.emailModal.problemTitle
        : t.settings.emailModal.title;

  return (
    <Modal open={open} title={title} onClose={close}>
      {view === "form" ? (
        <form className="modal__form" onSubmit={submit} noValidate>
          <ErrorLine text={formError} />
          <div className="field">
            <label htmlFor={EMAIL_ID}>{t.settings.emailModal.newEmail}</label>
            <div className="field__with-icon">
              <input
                id={EMAIL_ID}
                name="email"
                type="email"
                autoComplete="email"
                value={email}
                onChange={(event) => setEmail(event.currentTarget.value)}
                onFocus={() => {
                  setValidity("idle");
                  setEmailError(null);
                }}
                onBlur={validate}
                aria-invalid={validity === "invalid" ? true : undefined}
                aria-describedby={emailError ? "settings-new-email-error" : undefined}
              />
              {validity === "pending" && (
                <span className="field__icon" aria-hidden="true">
                  <span className="spinner spinner--small" />
                </span>
              )}
              {validity === "valid" && (
                <Icon
                  of={CircleCheck}
                  className="field__icon field__icon--ok"
                  aria-hidden="true"
                  size={18}
                />
              )}
              {validity === "invalid" && (
                <Icon
                  of={CircleAlert}
                  className="field__icon field__icon--bad"
                  aria-hidden="true"
                  size={18}
                />
              )}
            </div>
            {emailError && (
              <p className="field__error" id="settings-new-email-error">
                {emailError}
              </p>
            )}
          </div>
          <div className="field">
            <label htmlFor="settings-confirm-email">{t.settings.emailModal.confirmEmail}</label>
            <input
              id="settings-confirm-email"
              name="confirm_email"
              type="email"
              autoComplete="email"
              value={confirm}
              onChange={(event) => setConfirm(event.currentTarget.value)}
              aria-invalid={mismatch ? true : undefined}
              aria-describedby={mismatch ? "settings-confirm-email-error" : undefined}
            />
            {mismatch && (
              <p className="field__error" id="settings-confirm-email-error">
                {EMAIL_MESSAGES.mismatch}
              </p>
            )}
          </div>
          {hasPassword && (
            <>
              <PasswordField
                id={PASSWORD_ID}
                name="password"
                label={t.settings.emailModal.password}
                autoComplete="current-password"
                error={passwordError ?? undefined}
                liveError
                onValue={setPassword}
              />
              <a className="tap-target" href="/forgot?nextUrl=settings">
                {t.settings.emailModal.forgot}
              </a>
            </>
          )}
          <div className="modal__actions modal__actions--fill">
            {onBack && (
              <ScriptButton className="button" onClick={onBack}>
                {t.settings.emailModal.back}
              </ScriptButton>
            )}
            <ScriptButton className="button button--primary" type="submit" disabled={!ready}>
              {t.settings.save}
            </ScriptButton>
          </div>
        </form>
      ) : (
        <div className="modal__form">
          <p ref={outcome} tabIndex={-1}>
            {view === "sent"
              ? t.settings.emailModal.sentText(email)
              : t.settings.emailModal.problemText}
          </p>
          <div className="modal__actions">
            <ScriptButton className="button" onClick={changeEmail}>
              {t.settings.emailModal.changeEmail}
            </ScriptButton>
            <ScriptButton className="button button--primary" onClick={resend}>
              {t.settings.emailModal.resend}
            </ScriptButton>
          </div>
        </div>
      )}
    </Modal>
  );
}

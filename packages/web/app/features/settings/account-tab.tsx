import {
  ACCOUNT_MESSAGES,
  type CurrentUser,
  earliestBirthdate,
  isBirthdateRefusal,
  passwordRequester,
} from "@inkwell/shared";
import { type FormEvent, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { browserApi } from "../../api/client.ts";
import { CheckField } from "../../components/check-field.tsx";
import { FieldNotes, fieldDescribedBy } from "../../components/field-notes.tsx";
import { ScriptButton } from "../../components/script-button.tsx";
import { t } from "../../i18n/index.ts";
import { editProfileHref } from "../profiles/edit-profile-link.ts";
import { EmailAddress } from "./email-address.tsx";
import { EmailModal } from "./email-modal.tsx";
import { PasswordModal } from "./password-modal.tsx";
import { SaveRow } from "./save-row.tsx";
import { UsernameModal } from "./username-modal.tsx";

type Dialog = "username" | "password" | "email" | null;

interface AccountTabProps {
  user: CurrentUser;
  today: string;
  notify: (message: string) => void;
}

export function AccountTab({ user, today, notify }: AccountTabProps) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const [activationSent, setActivationSent] = useState(false);
  const [googleLinked, setGoogleLinked] = useState(user.linkedAccounts.includes("google"));
  const failed = (message: string) => notify(t.settings.notSaved(message));

  // The button gives way to the words saying it was sent, which take its focus.
  const sentLine = useRef<HTMLSpanElement>(null);
  async function sendActivation() {
    const result = await browserApi().resendActivation();
    if (result.ok) {
      flushSync(() => setActivationSent(true));
      sentLine.current?.focus();
    } else failed(result.refusal.message ?? "");
  }

  async function unlinkGoogle() {
    const result = await browserApi().unlinkGoogle();
    if (result.ok) {
      setGoogleLinked(false);
      notify(t.settings.unlinked);
    } else failed(result.refusal.message ?? "");
  }

  // A refused birthday is said under its field, which takes the focus to be fixed.
  const [birthdateError, setBirthdateError] = useState<string | null>(null);
  const birthdateInput = useRef<HTMLInputElement>(null);
  const [said, setSaid] = useState<string | null>(null);
  async function saveAccount(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    // Emptied as the save goes out: the same result again would otherwise go unsaid.
    setSaid(null);
    const birthdate = String(data.get("birthdate") ?? "");
    const result = await browserApi()
      .updateAccount(user.username, {
        ...(birthdate && { birthdate }),
        beta_enabled: data.get("beta_enabled") === "on",
      })
      // Offline, or the connection lost: not saved, and said so like a refusal.
      .catch(() => null);
    const refusal = result?.ok === false ? result.refusal : null;
    if (refusal && isBirthdateRefusal(refusal.error_code)) {
      flushSync(() => setBirthdateError(refusal.message || ACCOUNT_MESSAGES.birthdayInvalid));
      birthdateInput.current?.focus();
      return;
    }
    setBirthdateError(null);
    setSaid(result?.ok ? t.settings.saved : t.settings.notSaved(refusal?.message ?? ""));
  }

  return (
    <>
      <dl className="settings-rows">
        {/* The name is the profile's, edited with its about and pictures: Settings leads there. */}
        <div className="settings-row">
          <dt>{t.settings.name}</dt>
          <dd>{user.name}</dd>
          <dd>
            <a className="button" href={editProfileHref(user.username)}>
              {t.settings.editProfile}
            </a>
          </dd>
        </div>
        <div className="settings-row">
          <dt>{t.settings.username}</dt>
          <dd>{user.username}</dd>
          <dd>
            <ScriptButton className="button" onClick={() => setDialog("username")}>
              {t.settings.change}
              <span className="visually-hidden"> {t.settings.username}</span>
            </ScriptButton>
          </dd>
        </div>
        <div className="settings-row">
          <dt>{t.settings.email}</dt>
          <dd>
            <EmailAddress email={user.email} />{" "}
            {user.verified_email ? (
              <span className="badge badge--complete">{t.settings.verified}</span>
            ) : (
              <>
                <span className="badge badge--mature">{t.settings.notVerified}</span>{" "}
                {activationSent ? (
                  <span ref={sentLine} tabIndex={-1}>
                    {t.settings.activationSent}
                  </span>
                ) : (
                  <ScriptButton className="link-button" onClick={sendActivation}>
                    {t.settings.sendActivation}
                  </ScriptButton>
                )}
              </>
            )}
          </dd>
          <dd>
            <ScriptButton className="button" onClick={() => setDialog("email")}>
              {t.settings.change}
              <span className="visually-hidden"> {t.settings.email}</span>
            </ScriptButton>
          </dd>
        </div>
        <div className="settings-row">
          <dt>{t.settings.password}</dt>
          <dd>
            {/* A screen reader spelled out ten bullets: it gets a word instead. */}
            <span aria-hidden="true">{user.has_password ? "••••••••••" : "—"}</span>
            <span className="visually-hidden">
              {user.has_password ? t.settings.passwordSet : t.settings.passwordNotSet}
            </span>
          </dd>
          <dd>
            <ScriptButton className="button" onClick={() => setDialog("password")}>
              {user.has_password ? (
                <>
                  {t.settings.change}
                  <span className="visually-hidden"> {t.settings.password}</span>
                </>
              ) : (
                t.settings.addPassword
              )}
            </ScriptButton>
          </dd>
        </div>
        {googleLinked && (
          <div className="settings-row">
            <dt>{t.settings.linkedGoogle}</dt>
            <dd>{t.settings.linked}</dd>
            <dd>
              <ScriptButton className="button" onClick={unlinkGoogle}>
                {t.settings.unlink}
              </ScriptButton>
            </dd>
          </div>
        )}
      </dl>

      {/* The browser's own range check would stop a typed date with a bubble of its own. */}
      <form className="settings-form" onSubmit={saveAccount} noValidate>
        <div className="field">
          <label htmlFor="settings-birthdate">{t.settings.birthday}</label>
          <input
            id="settings-birthdate"
            ref={birthdateInput}
            name="birthdate"
            type="date"
            min={earliestBirthdate(new Date(today))}
            max={today}
            defaultValue={user.birthdate ?? ""}
            aria-invalid={birthdateError ? true : undefined}
            aria-describedby={fieldDescribedBy({ id: "settings-birthdate", error: birthdateError })}
          />
          <FieldNotes id="settings-birthdate" error={birthdateError} />
        </div>
        <CheckField
          id="settings-beta"
          name="beta_enabled"
          label={t.settings.beta}
          defaultChecked={user.beta_enabled}
        />
        <SaveRow said={said} />
      </form>

      <ul className="settings-links">
        <li>
          <a className="tap-target" href="/settings/your-inkwell-data">
            {t.settings.yourData}
          </a>
        </li>
        <li>
          <a className="tap-target" href="/close-account">
            {t.settings.closeAccount}
          </a>
        </li>
      </ul>

      <UsernameModal
        open={dialog === "username"}
        accountId={user.id}
        hasPassword={user.has_password}
        onClose={() => setDialog(null)}
        onFailure={failed}
      />
      <PasswordModal
        open={dialog === "password"}
        requester={passwordRequester(user)}
        accountId={user.id}
        hasPassword={user.has_password}
        onClose={() => setDialog(null)}
        onFailure={failed}
      />
      <EmailModal
        open={dialog === "email"}
        accountId={user.id}
        hasPassword={user.has_password}
        onClose={() => setDialog(null)}
      />
    </>
  );
}

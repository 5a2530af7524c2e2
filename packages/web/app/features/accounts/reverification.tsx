import type { CurrentUser } from "@inkwell/shared";
import { useEffect, useState } from "react";
import { browserApi } from "../../api/client.ts";
import { Modal } from "../../components/modal.tsx";
import { ScriptButton } from "../../components/script-button.tsx";
import { t } from "../../i18n/index.ts";
import { deleteCookie, readCookie, writeCookie } from "../../lib/cookies.ts";
import { EmailModal } from "../settings/email-modal.tsx";

const REMINDER_COOKIE = "email_reverify_reminder";
const SKIPS_COOKIE = "email_reverify_skips";

/**
 * Asks a signed-in reader to confirm their email is still theirs. Closing it is a skip:
 * a reminder cookie keeps it away for days_between_reminders days, and once the skips
 * pass max_skips it comes back regardless.
 */
export function ReverificationModal({ user }: { user: CurrentUser }) {
  const status = user.email_reverification_status;
  const [open, setOpen] = useState(false);
  const [choice, setChoice] = useState<"current" | "update">("current");
  const [changing, setChanging] = useState(false);
  const [result, setResult] = useState<string | null>(null);

  useEffect(() => {
    const skips = Number(readCookie(SKIPS_COOKIE) ?? "0");
    setOpen(readCookie(REMINDER_COOKIE) === null || skips > status.max_skips);
  }, [status.max_skips]);

  function skip() {
    const skips = Number(readCookie(SKIPS_COOKIE) ?? "0") + 1;
    writeCookie(SKIPS_COOKIE, String(skips), 365);
    writeCookie(REMINDER_COOKIE, "1", status.days_between_reminders);
    setResult(t.reverify.skipped);
    setOpen(false);
  }

  async function confirm() {
    if (choice === "update") {
      setOpen(false);
      setChanging(true);
      return;
    }
    deleteCookie(REMINDER_COOKIE);
    deleteCookie(SKIPS_COOKIE);
    const outcome = await browserApi().updateAccount(user.username, { is_email_reverified: true });
    setResult(outcome.ok && outcome.value.reverified ? t.reverify.thanks : t.reverify.checkMail);
    setOpen(false);
  }

  return (
    <>
      <p className="page-notice live-region" role="status">
        {result}
      </p>
      <Modal open={open} title={t.reverify.title} onClose={skip}>
        <div className="modal__form">
          <p>{t.reverify.text(user.email ?? "")}</p>
          <fieldset className="choice-list">
            <legend className="visually-hidden">{t.reverify.title}</legend>
            {(["current", "update"] as const).map((value) => (
              <label key={value} className="choice">
                <input
                  type="radio"
                  name="reverify"
                  value={value}
                  checked={choice === value}
                  onChange={() => setChoice(value)}
                />
                {value === "current" ? t.reverify.current : t.reverify.update}
              </label>
            ))}
          </fieldset>
          <ScriptButton className="button button--primary" onClick={confirm}>
            {t.reverify.confirm}
          </ScriptButton>
        </div>
      </Modal>
      <EmailModal
        open={changing}
        accountId={user.id}
        hasPassword={user.has_password}
        onClose={() => setChanging(false)}
        onBack={() => {
          setChanging(false);
          setOpen(true);
        }}
      />
    </>
  );
}

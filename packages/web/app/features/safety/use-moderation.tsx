import {
  CLOSE_ACCOUNT_REASONS,
  type CloseAccountReason,
  TIME_OUT_REASON_MAX,
} from "@inkwell/shared";
import { type ReactNode, useId, useState } from "react";
import { browserApi } from "../../api/client.ts";
import { ErrorLine } from "../../components/alert.tsx";
import { BusyButton } from "../../components/busy-button.tsx";
import { Modal } from "../../components/modal.tsx";
import { ScriptButton } from "../../components/script-button.tsx";
import { t } from "../../i18n/index.ts";
import type { SafetyTarget } from "./use-safety-actions.tsx";

export type ModerationAction = "close" | "timeout";

/**
 * Close Account and Time-out for ambassadors and system admins (accounts-safety-messaging.md
 * §6): each asks for its reason in a modal, then acts at once; `onDone` hears of success.
 */
export function useModeration(onDone: (action: ModerationAction) => void): {
  askModeration: (action: ModerationAction, target: SafetyTarget) => void;
  moderationToast: string | null;
  moderationModal: ReactNode;
} {
  const [pending, setPending] = useState<{ action: ModerationAction; target: SafetyTarget } | null>(
    null,
  );
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [toast, setToast] = useState<string | null>(null);
  const fieldId = useId();

  function askModeration(action: ModerationAction, target: SafetyTarget) {
    setToast(null);
    setError(null);
    // No reason is chosen for the moderator: closing cannot be undone, and a reason
    // preselected would be kept by whoever did not look.
    setReason("");
    setPending({ action, target });
  }

  async function act() {
    if (!pending) return;
    setBusy(true);
    setError(null);
    const { action, target } = pending;
    const api = browserApi();
    const result = await (action === "close"
      ? api.closeAccountAsModerator(target.username, reason as CloseAccountReason)
      : api.timeOut(target.username, reason)
    ).catch(() => null);
    setBusy(false);
    if (!result?.ok) {
      setError(result?.refusal.message || t.moderation.failed);
      return;
    }
    setPending(null);
    setToast(
      action === "close" ? t.moderation.closed(target.name) : t.moderation.timedOut(target.name),
    );
    onDone(action);
  }

  const moderationModal = (
    <Modal
      open={pending !== null}
      title={
        pending
          ? pending.action === "close"
            ? t.moderation.closeTitle(pending.target.name)
            : t.moderation.timeOutTitle(pending.target.name)
          : ""
      }
      onClose={() => setPending(null)}
    >
      {pending && (
        <form
          className="modal__form"
          onSubmit={(event) => {
            event.preventDefault();
            void act();
          }}
        >
          <p>{pending.action === "close" ? t.moderation.closeText : t.moderation.timeOutText}</p>
          <div className="field">
            <label htmlFor={fieldId}>{t.moderation.reason}</label>
            {pending.action === "close" ? (
              <select
                id={fieldId}
                required
                value={reason}
                onChange={(event) => setReason(event.target.value)}
              >
                <option value="" disabled>
                  {t.moderation.chooseReason}
                </option>
                {CLOSE_ACCOUNT_REASONS.map((code) => (
                  <option key={code} value={code}>
                    {t.moderation.reasons[code]}
                  </option>
                ))}
              </select>
            ) : (
              <textarea
                id={fieldId}
                rows={3}
                maxLength={TIME_OUT_REASON_MAX}
                required
                value={reason}
                onChange={(event) => setReason(event.target.value)}
              />
            )}
          </div>
          <ErrorLine text={error} />
          <div className="modal__actions">
            <ScriptButton className="button" onClick={() => setPending(null)}>
              {t.safety.cancel}
            </ScriptButton>
            <BusyButton className="button button--danger" type="submit" busy={busy}>
              {pending.action === "close" ? t.moderation.close : t.moderation.timeOut}
            </BusyButton>
          </div>
        </form>
      )}
    </Modal>
  );
  return { askModeration, moderationToast: toast, moderationModal };
}

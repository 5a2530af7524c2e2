import { REFUSED, type SafetyState } from "@inkwell/shared";
import { type ReactNode, useState } from "react";
import { browserApi, type Refusal } from "../../api/client.ts";
import { BusyButton } from "../../components/busy-button.tsx";
import { Modal } from "../../components/modal.tsx";
import { ScriptButton } from "../../components/script-button.tsx";
import { t } from "../../i18n/index.ts";

export type SafetyAction = "mute" | "unmute" | "block" | "unblock";

export interface SafetyTarget {
  username: string;
  /** The display name the texts use. */
  name: string;
}

/** Mute, block and unblock ask first (the spec's confirmation modals); unmute does not. */
const confirmations: Partial<
  Record<SafetyAction, { title: (name: string) => string; text: (name: string) => string }>
> = {
  mute: { title: t.safety.muteTitle, text: t.safety.muteText },
  block: { title: t.safety.blockTitle, text: t.safety.blockText },
  unblock: { title: t.safety.unblockTitle, text: t.safety.unblockText },
};

const labels: Record<SafetyAction, string> = {
  mute: t.safety.mute,
  unmute: t.safety.unmute,
  block: t.safety.block,
  unblock: t.safety.unblock,
};

const succeeded: Record<SafetyAction, (name: string) => string> = {
  mute: t.safety.muted,
  unmute: t.safety.unmuted,
  block: t.safety.blocked,
  unblock: t.safety.unblocked,
};

const failedText: Record<SafetyAction, string> = {
  mute: t.safety.muteFailed,
  unmute: t.safety.unmuteFailed,
  block: t.safety.blockFailed,
  unblock: t.safety.unblockFailed,
};

export const safetyLabel = (action: SafetyAction) => labels[action];

/**
 * What a failed action says (accounts-safety-messaging.md §8): the server's message, except
 * that a mute shows it only for a refusal (code 467), whose message is meant for the reader.
 */
export function safetyFailure(action: SafetyAction, refusal: Refusal | undefined): string {
  const readable = action !== "mute" || refusal?.code === REFUSED;
  return (readable && refusal?.message) || failedText[action];
}

/** What a menu offers (§6): mute or unmute only while the user is not blocked, then block or unblock. */
export const safetyActionsFor = (safety: SafetyState): SafetyAction[] => [
  ...(safety.isBlocked ? [] : [safety.isMuted ? ("unmute" as const) : ("mute" as const)]),
  safety.isBlocked ? "unblock" : "block",
];

/** The relation once `action` has succeeded. */
export function safetyAfter(safety: SafetyState, action: SafetyAction): SafetyState {
  if (action === "mute" || action === "unmute") return { ...safety, isMuted: action === "mute" };
  return { ...safety, isBlocked: action === "block" };
}

async function run(action: SafetyAction, username: string) {
  const api = browserApi();
  const call =
    action === "mute" || action === "unmute"
      ? api.mute(username, action === "mute")
      : api.block(username, action === "block");
  return call.catch(() => null);
}

/**
 * Mute, unmute, block and unblock with their confirmations and toasts. `ask` opens the
 * confirmation (or acts at once for unmute); `onDone` hears of every success, so the
 * caller reloads what the change hides or shows.
 */
export function useSafetyActions(onDone: (action: SafetyAction, target: SafetyTarget) => void): {
  ask: (action: SafetyAction, target: SafetyTarget) => void;
  toast: string | null;
  modal: ReactNode;
} {
  const [pending, setPending] = useState<{ action: SafetyAction; target: SafetyTarget } | null>(
    null,
  );
  const [busy, setBusy] = useState(false);
  const [toast, setToast] = useState<string | null>(null);

  async function act(action: SafetyAction, target: SafetyTarget) {
    setBusy(true);
    const result = await run(action, target.username);
    setBusy(false);
    setPending(null);
    if (result?.ok) {
      setToast(succeeded[action](target.name));
      onDone(action, target);
    } else {
      setToast(safetyFailure(action, result?.refusal));
    }
  }

  function ask(action: SafetyAction, target: SafetyTarget) {
    setToast(null);
    if (confirmations[action]) setPending({ action, target });
    else void act(action, target);
  }

  const confirmation = pending && confirmations[pending.action];
  const modal = (
    <Modal
      open={pending !== null}
      title={pending && confirmation ? confirmation.title(pending.target.name) : ""}
      onClose={() => setPending(null)}
    >
      {pending && confirmation && (
        <div className="modal__form">
          <p>{confirmation.text(pending.target.name)}</p>
          <div className="modal__actions">
            <ScriptButton className="button" onClick={() => setPending(null)}>
              {t.safety.cancel}
            </ScriptButton>
            <BusyButton
              className={
                pending.action === "block" ? "button button--danger" : "button button--primary"
              }
              type="button"
              busy={busy}
              onClick={() => act(pending.action, pending.target)}
            >
              {labels[pending.action]}
            </BusyButton>
          </div>
        </div>
      )}
    </Modal>
  );
  return { ask, toast, modal };
}

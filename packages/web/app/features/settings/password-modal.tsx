import { confirmPasswordState, type PasswordRequester, REFUSED } from "@inkwell/shared";
import { type FormEvent, useState } from "react";
import { browserApi } from "../../api/client.ts";
import { useLiveMessage } from "../../components/alert.tsx";
import { BusyButton } from "../../components/busy-button.tsx";
import { Modal } from "../../components/modal.tsx";
import { PasswordField } from "../../components/password-field.tsx";
import { t } from "../../i18n/index.ts";
import { useDebounced } from "./use-debounced.ts";

const CONFIRM_DEBOUNCE_MS = 500;
const CURRENT_PASSWORD_ID = "settings-current-password";

interface PasswordModalProps {
  open: boolean;
  /** Whose password it is: the rule refuses one containing their username or name. */
  requester: PasswordRequester;
  /** The account's id, which the form names (§7). */
  accountId: number;
  hasPassword: boolean;
  onClose: () => void;
  onFailure: (message: string) => void;
}

/** Change (or add) the password; a refusal shows under the current password, success logs out. */
export function PasswordModal({
  open,
  requester,
  accountId,
  hasPassword,
  onClose,
  onFailure,
}: PasswordModalProps) {
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [confirm, setConfirm] = useState("");
  // The same refusal twice (a wrong password sent again with Enter) is said again.
  const [refusal, setRefusal] = useLiveMessage<string>();
  const [busy, setBusy] = useState(false);
  const settled = useDebounced({ next, confirm }, CONFIRM_DEBOUNCE_MS);
  const check = confirmPasswordState(settled.next, settled.confirm, requester);
  const ready =
    confirmPasswordState(next, confirm, requester).valid && (!hasPassword || current !== "");

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const result = await browserApi().changePassword({
      id: String(accountId),
      old_password: current,
      new_password: next,
      confirm_password: confirm,
    });
    setBusy(false);
    if (result.ok) {
      window.location.assign(result.value.redirectUrl);
      return;
    }
    if (result.refusal.code === REFUSED) {
      setRefusal(result.refusal.message ?? null);
      // The field to fix, which the message now describes, not the Save just pressed.
      document.getElementById(CURRENT_PASSWORD_ID)?.focus();
    } else {
      onClose();
      onFailure(result.refusal.message ?? "");
    }
  }

  return (
    <Modal
      open={open}
      title={hasPassword ? t.settings.passwordModal.title : t.settings.passwordModal.addTitle}
      onClose={onClose}
    >
      <form className="modal__form" onSubmit={submit}>
        <p className="modal__note">{t.settings.passwordModal.note}</p>
        {hasPassword && (
          <PasswordField
            id={CURRENT_PASSWORD_ID}
            name="old_password"
            label={t.settings.passwordModal.current}
            autoComplete="current-password"
            error={refusal ?? undefined}
            liveError
            onValue={setCurrent}
          />
        )}
        <PasswordField
          id="settings-new-password"
          name="new_password"
          label={t.settings.passwordModal.new}
          autoComplete="new-password"
          hint={t.account.passwordHint}
          onValue={setNext}
        />
        <PasswordField
          id="settings-confirm-password"
          name="confirm_password"
          label={t.settings.passwordModal.confirm}
          autoComplete="new-password"
          onValue={setConfirm}
        />
        {(settled.next !== "" || settled.confirm !== "") && (
          <p
            className={check.valid ? "field__ok" : "field__error"}
            role="status"
            data-state={check.state}
          >
            {check.message}
          </p>
        )}
        <BusyButton className="button button--primary" type="submit" disabled={!ready} busy={busy}>
          {t.settings.save}
        </BusyButton>
      </form>
    </Modal>
  );
}

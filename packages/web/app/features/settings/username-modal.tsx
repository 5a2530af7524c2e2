import { type FormEvent, useState } from "react";
import { browserApi } from "../../api/client.ts";
import { BusyButton } from "../../components/busy-button.tsx";
import { Modal } from "../../components/modal.tsx";
import { PasswordField } from "../../components/password-field.tsx";
import { t } from "../../i18n/index.ts";

interface UsernameModalProps {
  open: boolean;
  /** The account's id, which the form names (§7). */
  accountId: number;
  hasPassword: boolean;
  onClose: () => void;
  onFailure: (message: string) => void;
}

/** A new username, confirmed with the password; success logs out for a fresh login. */
export function UsernameModal({
  open,
  accountId,
  hasPassword,
  onClose,
  onFailure,
}: UsernameModalProps) {
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    setBusy(true);
    const result = await browserApi().changeUsername({
      id: String(accountId),
      username: String(data.get("username") ?? ""),
      password: String(data.get("password") ?? ""),
    });
    setBusy(false);
    if (result.ok) {
      window.location.assign(result.value.redirectUrl);
      return;
    }
    onClose();
    onFailure(result.refusal.message ?? "");
  }

  return (
    <Modal open={open} title={t.settings.usernameModal.title} onClose={onClose}>
      <form className="modal__form" onSubmit={submit}>
        <p className="modal__note">{t.settings.usernameModal.note}</p>
        <div className="field">
          <label htmlFor="settings-username">{t.settings.usernameModal.newUsername}</label>
          <input
            id="settings-username"
            name="username"
            type="text"
            autoComplete="username"
            required
          />
        </div>
        {hasPassword && (
          <PasswordField
            id="settings-username-password"
            name="password"
            label={t.settings.password}
            autoComplete="current-password"
          />
        )}
        <BusyButton className="button button--primary" type="submit" busy={busy}>
          {t.settings.save}
        </BusyButton>
      </form>
    </Modal>
  );
}

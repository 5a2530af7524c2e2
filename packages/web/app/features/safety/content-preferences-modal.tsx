import type { ContentSettings } from "@inkwell/shared";
import { useEffect, useState } from "react";
import { browserApi } from "../../api/client.ts";
import { LoadingStatus } from "../../components/alert.tsx";
import { Modal } from "../../components/modal.tsx";
import { ScriptButton } from "../../components/script-button.tsx";
import { t } from "../../i18n/index.ts";
import { readCookie, writeCookie } from "../../lib/cookies.ts";
import { ContentPreferences } from "./content-preferences.tsx";

/** Set to 0 once the reader has seen the "saved, change it in Settings" confirmation. */
const CONFIRM_COOKIE = "content_prefs_confirm";
const CONFIRM_DAYS = 3650;

/**
 * The standalone Content Preferences panel (opened where a setting hides something, such
 * as the mature gate). Closing it the first time confirms where the settings live.
 */
export function ContentPreferencesModal({
  username,
  open,
  onClose,
}: {
  username: string;
  open: boolean;
  onClose: () => void;
}) {
  const [settings, setSettings] = useState<ContentSettings | null>(null);
  const [failed, setFailed] = useState(false);
  const [confirming, setConfirming] = useState(false);

  useEffect(() => {
    if (!open) return;
    browserApi()
      .contentSettings(username)
      .then(setSettings, () => setFailed(true));
  }, [open, username]);

  function close() {
    onClose();
    if (readCookie(CONFIRM_COOKIE) !== "0") {
      writeCookie(CONFIRM_COOKIE, "0", CONFIRM_DAYS);
      setConfirming(true);
    }
  }

  return (
    <>
      <Modal open={open} title={t.safety.contentTitle} onClose={close}>
        {!settings && (
          <div className="modal__form">
            <LoadingStatus
              loading={!failed && t.safety.loadingPreferences}
              failure={failed && t.safety.loadFailed}
            />
          </div>
        )}
        {settings && (
          <ContentPreferences
            username={username}
            settings={settings}
            onCancel={close}
            onApplied={(_, matureChanged) => {
              // What the page shows depends on the setting: show it afresh.
              if (matureChanged) window.location.reload();
            }}
          />
        )}
      </Modal>
      <Modal open={confirming} title={t.safety.confirmTitle} onClose={() => setConfirming(false)}>
        <div className="modal__form">
          <p>{t.safety.confirmText}</p>
          <div className="modal__actions">
            <ScriptButton className="button button--primary" onClick={() => setConfirming(false)}>
              {t.safety.ok}
            </ScriptButton>
          </div>
        </div>
      </Modal>
    </>
  );
}

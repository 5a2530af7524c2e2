import {
  AUTHOR_THANKS,
  coinsSpentLabel,
  THANK_YOU_TOAST_DELAY_MS,
  THANK_YOU_TOAST_DURATION_MS,
  type UserSummary,
} from "@inkwell/shared";
import { X } from "lucide";
import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import { Avatar } from "../../components/avatar.tsx";
import { Icon } from "../../components/icon.tsx";
import { ScriptButton } from "../../components/script-button.tsx";
import { t } from "../../i18n/index.ts";
import type { UnlockedState } from "./paywall.tsx";

/** What the paywall just bought to open this part, if the reader came here from it. */
export function useJustUnlocked(): UnlockedState["unlocked"] | undefined {
  return (useLocation().state as Partial<UnlockedState> | null)?.unlocked;
}

/**
 * The author's thank-you after a purchase (writer-paid-contest.md §4): 0.7 s after the
 * unlocked part opens, for 6 s, with what the Coins went on. Shown once per purchase: it
 * reads the navigation's state, which a reload does not keep.
 */
export function UnlockedThanks({ author }: { author: Pick<UserSummary, "name" | "avatar"> }) {
  const unlocked = useJustUnlocked();
  const [shown, setShown] = useState(false);
  const spent = unlocked?.spent ?? 0;

  useEffect(() => {
    if (spent <= 0) return;
    const show = setTimeout(() => setShown(true), THANK_YOU_TOAST_DELAY_MS);
    const hide = setTimeout(
      () => setShown(false),
      THANK_YOU_TOAST_DELAY_MS + THANK_YOU_TOAST_DURATION_MS,
    );
    return () => {
      clearTimeout(show);
      clearTimeout(hide);
    };
  }, [spent]);

  return (
    <div className="toast-region" role="status">
      {shown && unlocked && (
        <div className="toast toast--thanks">
          <Avatar src={author.avatar} name={author.name} size={32} />
          <p className="toast__message">
            <span className="toast__from">{t.coins.thanksFrom(author.name)}</span> {AUTHOR_THANKS}
            <span className="toast__detail">{coinsSpentLabel(spent, unlocked.wholeStory)}</span>
          </p>
          <ScriptButton
            className="toast__dismiss"
            aria-label={t.toast.dismiss}
            onClick={() => setShown(false)}
          >
            <Icon of={X} aria-hidden="true" size={18} />
          </ScriptButton>
        </div>
      )}
    </div>
  );
}

import { X } from "lucide";
import { t } from "../i18n/index.ts";
import { Icon } from "./icon.tsx";
import { ScriptButton } from "./script-button.tsx";

/**
 * A failure floating over the page's lower edge until the reader dismisses it (or the next
 * attempt replaces it). Its alert region is on the page before it speaks (decision 058) and
 * takes no room while empty; the box and its dismiss button come with the words.
 */
export function Toast({ message, onDismiss }: { message: string | null; onDismiss: () => void }) {
  return (
    <div className={message ? "toast" : "toast-slot"}>
      <p className="toast__message live-region" role="alert">
        {message}
      </p>
      {message && (
        <ScriptButton className="toast__dismiss" aria-label={t.toast.dismiss} onClick={onDismiss}>
          <Icon of={X} aria-hidden="true" size={18} />
        </ScriptButton>
      )}
    </div>
  );
}

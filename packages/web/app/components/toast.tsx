import { X } from "lucide";
import { t } from "../i18n/index.ts";
import { Icon } from "./icon.tsx";

/**
 * A failure floating over the page's lower edge until the reader dismisses it (or the next
 * attempt replaces it). Announced when it appears; nothing is rendered without a message.
 */
export function Toast({ message, onDismiss }: { message: string | null; onDismiss: () => void }) {
  if (!message) return null;
  return (
    <div className="toast" role="alert">
      <p className="toast__message">{message}</p>
      <button
        className="toast__dismiss"
        type="button"
        aria-label={t.toast.dismiss}
        onClick={onDismiss}
      >
        <Icon of={X} aria-hidden="true" size={18} />
      </button>
    </div>
  );
}

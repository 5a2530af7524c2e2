import { X } from "lucide";
import { t } from "../i18n/index.ts";
import { Icon } from "./icon.tsx";
import { ScriptButton } from "./script-button.tsx";

/**
 * A failure floating over the page's lower edge until the reader dismisses it (or the next
 * attempt replaces it). Its alert region is on the page before it speaks (decision 058) and
 * takes no room while empty; the box and its dismiss button come with the words.
 * `inline` shows the words where the region stands, in a form's danger alert: for a failure
 * the page was rendered with after a post without JavaScript (decision 116), which no script
 * could dismiss and which would cover a phone's fields for good.
 */
export function Toast({
  message,
  onDismiss,
  inline = false,
}: {
  message: string | null;
  onDismiss: () => void;
  inline?: boolean;
}) {
  const box = inline ? "alert alert--danger" : "toast";
  return (
    <div className={message ? box : "toast-slot"}>
      <p className="toast__message live-region" role="alert">
        {message}
      </p>
      {message && !inline && (
        <ScriptButton className="toast__dismiss" aria-label={t.toast.dismiss} onClick={onDismiss}>
          <Icon of={X} aria-hidden="true" size={18} />
        </ScriptButton>
      )}
    </div>
  );
}

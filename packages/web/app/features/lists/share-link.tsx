import { Link2 } from "lucide";
import { useState } from "react";
import { Icon } from "../../components/icon.tsx";
import { ScriptButton } from "../../components/script-button.tsx";
import { t } from "../../i18n/index.ts";

/** Copies the page's address; says so, or where to copy it by hand when not allowed. */
export function ShareLink() {
  const [note, setNote] = useState<string | null>(null);
  async function copy() {
    try {
      await navigator.clipboard.writeText(window.location.href);
      setNote(t.lists.copied);
    } catch {
      setNote(t.lists.copyFailed);
    }
  }
  return (
    <span className="share-link">
      <ScriptButton className="button" onClick={copy}>
        <Icon of={Link2} aria-hidden="true" size={18} />
        {t.lists.share}
      </ScriptButton>
      <span role="status">{note}</span>
    </span>
  );
}

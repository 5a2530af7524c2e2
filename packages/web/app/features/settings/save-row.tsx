import { ScriptButton } from "../../components/script-button.tsx";
import { t } from "../../i18n/index.ts";

/**
 * A settings form's Save with what the save came to beside it: on a phone the page's own
 * message line is far above, and scrolling to it would take Save out of sight. The line is a
 * live region, so the result is also heard where it is.
 */
export function SaveRow({ said }: { said: string | null }) {
  return (
    <div className="settings-form__save">
      <ScriptButton className="button button--primary" type="submit">
        {t.settings.save}
      </ScriptButton>
      <p className="settings-form__said live-region" role="status">
        {said}
      </p>
    </div>
  );
}

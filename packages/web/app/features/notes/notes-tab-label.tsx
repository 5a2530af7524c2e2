import { t } from "../../i18n/index.ts";
import "../../styles/notes.css";
import { useNotesSeen } from "./use-notes-seen.ts";

/** The tab's name, with the 'new' tag until the writer first opens it. */
export function NotesTabLabel() {
  const seen = useNotesSeen();
  return (
    <>
      {t.notes.tab}
      {!seen && <span className="tab-new-tag">{t.notes.newTag}</span>}
    </>
  );
}

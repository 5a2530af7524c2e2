import { blockedTagsSummary, type ContentSettings } from "@inkwell/shared";
import { type KeyboardEvent, useId, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { browserApi } from "../../api/client.ts";
import { ScriptButton } from "../../components/script-button.tsx";
import { Toggle } from "../../components/toggle.tsx";
import { t } from "../../i18n/index.ts";
import { BlockedTagsEditor } from "./blocked-tags-editor.tsx";

type Status = "idle" | "loading" | "done" | "no-changes" | "failed";

interface ContentPreferencesProps {
  username: string;
  settings: ContentSettings;
  /** The standalone panel's Cancel; the settings page has none. */
  onCancel?: () => void;
  /** After Apply: the saved settings, and whether the mature setting changed. */
  onApplied: (settings: ContentSettings, matureChanged: boolean) => void;
}

const sameTags = (a: string[], b: string[]) =>
  a.length === b.length && a.every((tag, index) => tag === b[index]);

/**
 * The Content Preferences panel: the mature toggle (only when the server offers it: adults),
 * the blocked-tags summary and its editor. Apply sends only what changed; Escape inside the
 * editor goes back to the summary instead of closing anything around the panel.
 */
export function ContentPreferences({
  username,
  settings,
  onCancel,
  onApplied,
}: ContentPreferencesProps) {
  const [saved, setSaved] = useState(settings);
  const [includeMature, setIncludeMature] = useState(settings.includeMature);
  const [tags, setTags] = useState(settings.blockedTags);
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  // A spinner stands in for Apply while it works: focus goes back to Apply after.
  const applyButton = useRef<HTMLButtonElement>(null);
  const [status, setStatus] = useState<Status>("idle");
  const matureHelp = useId();
  const summary = blockedTagsSummary(tags);

  async function apply() {
    const matureChanged = includeMature !== undefined && includeMature !== saved.includeMature;
    const tagsChanged = !sameTags(tags, saved.blockedTags);
    if (!matureChanged && !tagsChanged) {
      setStatus("no-changes");
      return;
    }
    setStatus("loading");
    const api = browserApi();
    let latest = saved;
    for (const change of [
      matureChanged && (() => api.setIncludeMature(username, includeMature === true)),
      tagsChanged && (() => api.setBlockedTags(username, tags)),
    ]) {
      if (!change) continue;
      const result = await change().catch(() => null);
      if (!result?.ok) {
        settle("failed");
        return;
      }
      latest = result.value;
    }
    setSaved(latest);
    setTags(latest.blockedTags);
    setEditing(false);
    settle("done");
    onApplied(latest, matureChanged);
  }

  function settle(next: Status) {
    flushSync(() => setStatus(next));
    applyButton.current?.focus();
  }

  /** Back from the editor, focus returns to the button that opened it. */
  function leaveEditor() {
    flushSync(() => setEditing(false));
    editButton.current?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== "Escape" || !editing) return;
    // The editor is a view inside the panel: Escape leaves it, and closes nothing else.
    event.preventDefault();
    event.stopPropagation();
    leaveEditor();
  }

  const message = {
    idle: null,
    loading: t.safety.applying,
    done: t.safety.applied,
    "no-changes": t.safety.noChanges,
    failed: t.safety.failed,
  }[status];

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape bubbles up from the editor's controls
    <div className="content-prefs" onKeyDown={onKeyDown}>
      {editing ? (
        <BlockedTagsEditor tags={tags} rules={saved} onChange={setTags} onBack={leaveEditor} />
      ) : (
        <>
          {includeMature !== undefined && (
            <div className="content-prefs__row">
              <div>
                <h3>{t.safety.matureLabel}</h3>
                <p id={matureHelp} className="content-prefs__help">
                  {t.safety.matureHelp}
                </p>
              </div>
              <Toggle
                checked={includeMature}
                label={t.safety.matureLabel}
                describedBy={matureHelp}
                busy={status === "loading"}
                onChange={setIncludeMature}
              />
            </div>
          )}
          <div className="content-prefs__row content-prefs__row--tags">
            <div>
              <h3>{t.safety.blockedTags}</h3>
              <p className="content-prefs__help">{t.safety.blockedTagsHelp}</p>
              {tags.length === 0 ? (
                <p>{t.safety.noBlockedTags}</p>
              ) : (
                <ul className="tag-chips" aria-label={t.safety.blockedTags}>
                  {summary.shown.map((tag) => (
                    <li key={tag} className="tag-chip tag-chip--active">
                      #{tag}
                    </li>
                  ))}
                  {summary.more > 0 && <li className="tag-chip">{t.safety.more(summary.more)}</li>}
                </ul>
              )}
            </div>
            <ScriptButton ref={editButton} className="button" onClick={() => setEditing(true)}>
              {t.safety.editTags}
            </ScriptButton>
          </div>
        </>
      )}
      <p className="content-prefs__status live-region" role="status">
        {message}
      </p>
      <div className="content-prefs__footer">
        {onCancel && (
          <ScriptButton className="button" onClick={onCancel}>
            {t.safety.cancel}
          </ScriptButton>
        )}
        {status === "loading" ? (
          <span className="spinner" role="progressbar" aria-label={t.safety.applying} />
        ) : (
          <ScriptButton ref={applyButton} className="button button--primary" onClick={apply}>
            {t.safety.apply}
          </ScriptButton>
        )}
      </div>
    </div>
  );
}

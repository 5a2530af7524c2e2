import type { ReadingListSummary } from "@inkwell/shared";
import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { useNavigate, useRevalidator } from "react-router";
import { browserApi } from "../../api/client.ts";
import { failureOf, LiveAlert, useLiveMessage } from "../../components/alert.tsx";
import { ConfirmModal } from "../../components/confirm-modal.tsx";
import { ScriptButton } from "../../components/script-button.tsx";
import { t } from "../../i18n/index.ts";

/** What the Library shows after a list was deleted: the navigation's state, gone on reload. */
export interface ListDeletedState {
  deletedList: string;
}

/**
 * Rename (and make private or public) and delete, for the list's owner only. Rename opens
 * its form in place with focus in the name; Save, Cancel and Escape give focus back to Rename.
 */
export function ListOwnerControls({ list }: { list: ReadingListSummary }) {
  const [editing, setEditing] = useState(false);
  const nameInput = useRef<HTMLInputElement>(null);
  const renameButton = useRef<HTMLButtonElement>(null);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [error, setError] = useLiveMessage<string>();
  const revalidator = useRevalidator();
  const navigate = useNavigate();

  useEffect(() => {
    if (editing) nameInput.current?.select();
  }, [editing]);

  // What a failed save said goes with the form it was about.
  function closeForm() {
    setError(null);
    flushSync(() => setEditing(false));
    renameButton.current?.focus();
  }

  /** Escape cancels as Cancel does: what was typed goes, the name stays as it was. */
  function onKeyDown(event: KeyboardEvent<HTMLFormElement>) {
    if (event.key !== "Escape") return;
    event.preventDefault();
    closeForm();
  }

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const result = await browserApi()
      .updateReadingList(list.id, {
        name: String(form.get("name") ?? ""),
        isPrivate: form.get("private") === "on",
      })
      .catch(() => null);
    if (!result?.ok) {
      setError(result?.refusal.message ?? t.lists.saveFailed);
      return;
    }
    closeForm();
    revalidator.revalidate();
  }

  async function remove() {
    if (deleting) return;
    setDeleting(true);
    setDeleteError(null);
    const result = await browserApi()
      .deleteReadingList(list.id)
      .catch(() => null);
    const state: ListDeletedState = { deletedList: list.name };
    if (result?.ok) return navigate("/library", { state });
    // Said in the question, which stays open: the page behind it cannot be read.
    setDeleting(false);
    setDeleteError(t.lists.deleteFailed);
  }

  return (
    <div className="list-owner">
      {editing ? (
        <form className="list-owner__form" onSubmit={save} onKeyDown={onKeyDown}>
          <div className="field">
            <label htmlFor="list-name">{t.lists.newListName}</label>
            <input
              ref={nameInput}
              id="list-name"
              name="name"
              type="text"
              defaultValue={list.name}
              maxLength={100}
              required
            />
          </div>
          <label className="list-owner__private">
            <input name="private" type="checkbox" defaultChecked={list.isPrivate} />
            {t.lists.makePrivate}
          </label>
          <div className="list-owner__buttons">
            <ScriptButton className="button button--primary" type="submit">
              {t.lists.save}
            </ScriptButton>
            <ScriptButton className="button" onClick={closeForm}>
              {t.lists.cancel}
            </ScriptButton>
          </div>
        </form>
      ) : (
        <div className="list-owner__buttons">
          <ScriptButton ref={renameButton} className="button" onClick={() => setEditing(true)}>
            {t.lists.rename}
          </ScriptButton>
          <ScriptButton className="button button--danger" onClick={() => setConfirming(true)}>
            {t.lists.delete}
          </ScriptButton>
        </div>
      )}
      <LiveAlert message={failureOf(error)} />
      <ConfirmModal
        open={confirming}
        title={t.lists.deleteTitle}
        text={t.lists.deleteText(list.name)}
        cancelLabel={t.lists.cancel}
        confirmLabel={t.lists.delete}
        tone="danger"
        busy={deleting}
        error={deleteError}
        onCancel={() => {
          setConfirming(false);
          setDeleteError(null);
        }}
        onConfirm={remove}
      />
    </div>
  );
}

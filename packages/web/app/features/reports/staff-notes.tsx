import { STAFF_NOTE_MAX, type StaffNote } from "@inkwell/shared";
import { useRef, useState } from "react";
import { flushSync } from "react-dom";
import { FieldNotes, fieldDescribedBy } from "../../components/field-notes.tsx";
import { t } from "../../i18n/index.ts";
import { reportDate } from "./my-reports.tsx";
import "../../styles/staff-notes.css";

/** Staff notes, oldest first, each with who wrote it and when; `empty` when there are none. */
export function StaffNoteList({ notes, empty }: { notes: StaffNote[]; empty: string }) {
  if (notes.length === 0) return <p>{empty}</p>;
  return (
    <ul className="staff-notes">
      {notes.map((entry) => (
        <li key={entry.id}>
          <p>{entry.body}</p>
          <p className="staff-notes__meta">
            {entry.author ?? "—"} · {reportDate(entry.createdAt)}
          </p>
        </li>
      ))}
    </ul>
  );
}

/**
 * A staff note being written. Its button stays pressable with nothing written (disabled, it
 * gave keyboard and screen-reader users no reason): `take` then marks the field, which says
 * 'Write a note first.', and focuses it.
 */
export function useNoteDraft() {
  const [text, setText] = useState("");
  const [missing, setMissing] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);
  return {
    text,
    field,
    error: missing ? t.reports.noteMissing : null,
    change(value: string) {
      setText(value);
      setMissing(false);
    },
    clear: () => setText(""),
    /** The note to send, or null when there is none to send. */
    take(): string | null {
      const note = text.trim();
      if (note !== "") return note;
      // Drawn before the focus lands, so the field is read out with what it now says.
      flushSync(() => setMissing(true));
      field.current?.focus();
      return null;
    },
  };
}

type NoteDraft = ReturnType<typeof useNoteDraft>;

/** The label and textarea of a `useNoteDraft` note, described by its hint, error and `describedBy`. */
export function NoteField({
  id,
  label,
  draft,
  hint,
  describedBy,
  disabled,
}: {
  id: string;
  label: string;
  draft: NoteDraft;
  hint?: string;
  /** More of the page that speaks of the note (an outcome line). */
  describedBy?: string;
  disabled?: boolean;
}) {
  const notes = { id, hint, error: draft.error };
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        ref={draft.field}
        disabled={disabled}
        rows={3}
        maxLength={STAFF_NOTE_MAX}
        value={draft.text}
        aria-invalid={draft.error !== null || undefined}
        aria-describedby={
          [fieldDescribedBy(notes), describedBy].filter(Boolean).join(" ") || undefined
        }
        onChange={(event) => draft.change(event.target.value)}
      />
      <FieldNotes {...notes} />
    </>
  );
}

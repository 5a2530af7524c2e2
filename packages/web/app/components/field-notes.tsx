import { ErrorLine } from "./alert.tsx";

/** A field's hint and error, by the ids its input is described by (`${id}-hint`, `-error`). */
export interface FieldNotesProps {
  id: string;
  hint?: string;
  error?: string | null;
  /** The error in a live region that is on the page before it speaks (ErrorLine). */
  live?: boolean;
}

/** The input's aria-describedby: its hint and its error, when there are any. */
export const fieldDescribedBy = ({ id, hint, error }: FieldNotesProps): string | undefined =>
  [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(" ") || undefined;

/** The hint and the error under a field, read out with its input (fieldDescribedBy). */
export function FieldNotes({ id, hint, error, live = false }: FieldNotesProps) {
  return (
    <>
      {hint && (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {live && <ErrorLine id={`${id}-error`} text={error ?? null} />}
      {!live && error && (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </>
  );
}

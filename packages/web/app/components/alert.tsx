import { type ReactNode, type Ref, useCallback, useEffect, useRef, useState } from "react";

/**
 * A message above a form: danger for errors, info for notices. Announced when it appears.
 * Given a ref, it can take focus, so a form can bring its error summary into view.
 */
export function Alert({
  tone,
  children,
  ref,
  id,
}: {
  tone: "danger" | "info" | "success";
  children: ReactNode;
  ref?: Ref<HTMLDivElement>;
  /** For a field that the message is about to name it (aria-describedby). */
  id?: string;
}) {
  return (
    <div
      ref={ref}
      id={id}
      className={`alert alert--${tone}`}
      role={tone === "danger" ? "alert" : "status"}
      tabIndex={ref ? -1 : undefined}
    >
      {children}
    </div>
  );
}

/** What a control or form says about the action it just took. */
export type AlertMessage = { tone: "danger" | "success"; text: string };

/** A failure's words, if there are any, as the message LiveAlert says. */
export const failureOf = (text: string | null | false): AlertMessage | null =>
  text ? { tone: "danger", text } : null;

/**
 * How long a live region stays empty before it says the same words again: long enough for a
 * screen reader to see it emptied (decision 087).
 */
export const REPEAT_PAUSE_MS = 100;

const wordsOf = (message: AlertMessage | string) =>
  typeof message === "string" ? message : `${message.tone}: ${message.text}`;

/**
 * What a live region says (LiveAlert's message, ErrorLine's words) and `say` to change it.
 * A region speaks when its words change, so words it already shows are taken away and put
 * back a moment later: the same refusal twice is said twice (decision 087). null empties it.
 */
export function useLiveMessage<T extends AlertMessage | string>(): [
  T | null,
  (next: T | null) => void,
] {
  const [message, setMessage] = useState<T | null>(null);
  const shown = useRef<T | null>(null);
  const pending = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(pending.current), []);
  const say = useCallback((next: T | null) => {
    clearTimeout(pending.current);
    const again =
      next !== null && shown.current !== null && wordsOf(next) === wordsOf(shown.current);
    shown.current = next;
    if (!again) return setMessage(next);
    setMessage(null);
    pending.current = setTimeout(() => setMessage(next), REPEAT_PAUSE_MS);
  }, []);
  return [message, say];
}

/**
 * An action's outcome, said in live regions that are on the page before it: screen readers
 * announce words added to a region they already know, and may miss one that arrives with
 * its words. A failure is assertive (alert), a success polite (status); each region stays
 * out of the layout while it is empty. Set by `useLiveMessage`, the same words again are
 * said again.
 */
export function LiveAlert({ message }: { message: AlertMessage | null }) {
  return (
    <>
      <div className="alert alert--danger live-region" role="alert">
        {message?.tone === "danger" ? message.text : null}
      </div>
      <div className="alert alert--success live-region" role="status">
        {message?.tone === "success" ? message.text : null}
      </div>
    </>
  );
}

/**
 * A list's or panel's "Loading…" and its failure to load, in a status and an alert region that
 * are on the page before either speaks (LiveAlert's reason); both take no room while empty.
 */
export function LoadingStatus({
  loading,
  failure,
  className,
}: {
  loading: string | false;
  failure: string | false;
  className?: string;
}) {
  const classes = className ? `${className} live-region` : "live-region";
  return (
    <>
      <p className={classes} role="status">
        {loading || null}
      </p>
      <p className={classes} role="alert">
        {failure || null}
      </p>
    </>
  );
}

/**
 * A form's or action's error as a line of red text (field__error), in an alert region that
 * is on the page before it speaks (LiveAlert's reason) and takes no room while empty. Given
 * a ref, it can take focus, as Alert can.
 */
export function ErrorLine({
  text,
  id,
  ref,
}: {
  text: string | null | false;
  id?: string;
  ref?: Ref<HTMLParagraphElement>;
}) {
  return (
    <p
      ref={ref}
      id={id}
      className="field__error live-region"
      role="alert"
      tabIndex={ref ? -1 : undefined}
    >
      {text || null}
    </p>
  );
}

import { MESSAGE_MAX_LENGTH } from "@inkwell/shared";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useLocation } from "react-router";
import { ScriptButton } from "../../components/script-button.tsx";
import { t } from "../../i18n/index.ts";

/** The navigation state of a conversation opened from New Message, where the reader came to write. */
export const COMPOSE_STATE = { compose: true } as const;

/**
 * The composer: Send stays disabled while the text is empty; at most 2,000 characters
 * with a counter. `send` answers whether it went; a failure keeps the text. Opened from New
 * Message, it takes focus: writing is why the reader came (a conversation opened from the
 * list does not, so a phone's keyboard stays down while the messages are read).
 */
export function Composer({
  name,
  send,
}: {
  name: string;
  send: (body: string) => Promise<boolean>;
}) {
  const [body, setBody] = useState("");
  const [posting, setPosting] = useState(false);
  const counterId = useId();
  const text = useRef<HTMLTextAreaElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const cameToWrite = (useLocation().state as Partial<typeof COMPOSE_STATE> | null)?.compose;

  useEffect(() => {
    if (cameToWrite) text.current?.focus();
  }, [cameToWrite]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!body.trim() || posting) return;
    setPosting(true);
    if (await send(body)) {
      setBody("");
      // Send is disabled once the box is empty: focus waits in the box for the next message,
      // unless the reader went elsewhere (a menu, a link) while it was on its way.
      const focused = document.activeElement;
      if (!focused || focused === document.body || form.current?.contains(focused)) {
        text.current?.focus();
      }
    }
    setPosting(false);
  }

  return (
    <form ref={form} className="composer" onSubmit={submit}>
      <label className="visually-hidden" htmlFor={`${counterId}-text`}>
        {t.inbox.messageLabel(name)}
      </label>
      <textarea
        ref={text}
        id={`${counterId}-text`}
        className="textarea composer__text"
        rows={2}
        maxLength={MESSAGE_MAX_LENGTH}
        placeholder={t.inbox.placeholder}
        aria-describedby={counterId}
        value={body}
        onChange={(event) => setBody(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Enter" && (event.metaKey || event.ctrlKey)) void submit(event);
        }}
      />
      <span id={counterId} className="composer__counter">
        <span aria-hidden="true">{t.inbox.counter(body.length, MESSAGE_MAX_LENGTH)}</span>
        <span className="visually-hidden">
          {t.inbox.counterLabel(body.length, MESSAGE_MAX_LENGTH)}
        </span>
      </span>
      <ScriptButton
        className="button button--primary"
        type="submit"
        disabled={!body.trim() || posting}
      >
        {t.inbox.send}
      </ScriptButton>
    </form>
  );
}

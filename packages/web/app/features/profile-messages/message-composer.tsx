import {
  messageTextLength,
  PROFILE_MESSAGE_MAX_LENGTH,
  type ProfileMessage,
  profileMessageProblem,
} from "@inkwell/shared";
import { type FormEvent, useId, useState } from "react";
import type { Outcome } from "../../api/client.ts";
import { ErrorLine } from "../../components/alert.tsx";
import { BusyButton } from "../../components/busy-button.tsx";
import { ScriptButton } from "../../components/script-button.tsx";
import { t } from "../../i18n/index.ts";

const text = t.profileMessages;

interface MessageComposerProps {
  label: string;
  placeholder: string;
  submitLabel: string;
  /** Runs the post through the interaction gate (sign-up or please-verify modal). */
  guard: (action: () => void) => void;
  send: (body: string) => Promise<Outcome<ProfileMessage>>;
  onPosted: (message: ProfileMessage) => void;
  onCancel?: () => void;
  reply?: boolean;
}

/**
 * Writes a message or a reply: a character counter, the 2,000-character rule checked
 * before sending, and any refusal shown inline. The text stays when sending fails.
 */
export function MessageComposer({
  label,
  placeholder,
  submitLabel,
  guard,
  send,
  onPosted,
  onCancel,
  reply = false,
}: MessageComposerProps) {
  const [body, setBody] = useState("");
  const [posting, setPosting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  async function post() {
    const problem = profileMessageProblem(body);
    if (problem) {
      setError(problem);
      return;
    }
    setPosting(true);
    setError(null);
    const result = await send(body).catch(() => null);
    setPosting(false);
    if (result?.ok) {
      setBody("");
      onPosted(result.value);
    } else if (result && result.refusal.code !== "internal" && result.refusal.message) {
      // A refusal that says why (a block, a time-out, too long) is shown as it is.
      setError(result.refusal.message);
    } else {
      setError(text.postFailed);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!posting) guard(() => void post());
  }

  const length = messageTextLength(body);
  const over = length > PROFILE_MESSAGE_MAX_LENGTH;
  return (
    <form
      className={reply ? "comment-form profile-conversations__reply-form" : "comment-form"}
      onSubmit={submit}
    >
      <label className="visually-hidden" htmlFor={id}>
        {label}
      </label>
      <textarea
        id={id}
        className="textarea"
        placeholder={placeholder}
        value={body}
        rows={reply ? 2 : 3}
        onChange={(event) => setBody(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Enter" && (event.metaKey || event.ctrlKey)) submit(event);
        }}
        aria-invalid={error !== null || over}
        aria-describedby={error ? `${id}-count ${id}-error` : `${id}-count`}
        // biome-ignore lint/a11y/noAutofocus: a reply box opens because the reader asked for it
        autoFocus={reply}
      />
      <div className="comment-form__row">
        <span
          id={`${id}-count`}
          className={over ? "comment-form__count comment-form__count--over" : "comment-form__count"}
        >
          <span aria-hidden="true">{text.counter(length, PROFILE_MESSAGE_MAX_LENGTH)}</span>
          <span className="visually-hidden">
            {text.counterLabel(length, PROFILE_MESSAGE_MAX_LENGTH)}
          </span>
        </span>
        {onCancel && (
          <ScriptButton className="button" onClick={onCancel}>
            {text.cancel}
          </ScriptButton>
        )}
        <BusyButton className="button button--primary" type="submit" busy={posting}>
          {posting ? text.posting : submitLabel}
        </BusyButton>
      </div>
      <ErrorLine id={`${id}-error`} text={error} />
    </form>
  );
}

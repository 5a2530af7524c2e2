import {
  COMMENT_MAX_LENGTH,
  type CommentData,
  type CommentResource,
  commentLength,
  commentTextProblem,
} from "@inkwell/shared";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { browserApi } from "../../api/client.ts";
import { ErrorLine, useLiveMessage } from "../../components/alert.tsx";
import { BusyButton } from "../../components/busy-button.tsx";
import { ScriptButton } from "../../components/script-button.tsx";
import { t } from "../../i18n/index.ts";

interface CommentFormProps {
  resource: CommentResource;
  /** Runs the post through the interaction gate (sign-up or please-verify modal). */
  guard: (action: () => void) => void;
  onPosted: (comment: CommentData) => void;
  reply?: boolean;
  onCancel?: () => void;
}

/** Writes a comment or a reply; a failed post keeps the text and offers to retry. */
export function CommentForm({
  resource,
  guard,
  onPosted,
  reply = false,
  onCancel,
}: CommentFormProps) {
  const [text, setText] = useState("");
  const [posting, setPosting] = useState(false);
  const [error, setError] = useLiveMessage<string>();
  const [failed, setFailed] = useState(false);
  // Focus stays in the emptied field, so a screen reader hears that the comment went.
  const [posted, setPosted] = useState(false);
  const id = useId();
  const input = useRef<HTMLTextAreaElement>(null);
  // A reply form opens because the reader pressed Reply: they write next.
  useEffect(() => {
    if (reply) input.current?.focus();
  }, [reply]);

  async function post() {
    if (posting) return;
    const problem = commentTextProblem(text);
    if (problem) {
      setError(problem);
      return;
    }
    setPosting(true);
    setError(null);
    setFailed(false);
    setPosted(false);
    const result = await browserApi()
      .postComment(resource, text)
      .catch(() => null);
    setPosting(false);
    if (result?.ok) {
      setText("");
      setPosted(true);
      onPosted(result.value);
    } else if (result && result.refusal.code !== "internal" && result.refusal.message) {
      // A refusal that says why (too long, a time-out…) is shown as it is; a failure retries.
      setError(result.refusal.message);
    } else {
      setFailed(true);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    guard(() => void post());
  }

  const length = commentLength(text);
  return (
    <form className="comment-form" onSubmit={submit}>
      <label className="visually-hidden" htmlFor={id}>
        {reply ? t.comments.replyLabel : t.comments.label}
      </label>
      <textarea
        ref={input}
        id={id}
        className="textarea"
        placeholder={reply ? t.comments.replyPlaceholder : t.comments.placeholder}
        value={text}
        rows={reply ? 2 : 3}
        onChange={(event) => setText(event.target.value)}
        aria-invalid={error !== null}
        aria-describedby={`${id}-count`}
      />
      <div className="comment-form__row">
        <span
          id={`${id}-count`}
          className={
            length > COMMENT_MAX_LENGTH
              ? "comment-form__count comment-form__count--over"
              : "comment-form__count"
          }
        >
          {t.comments.characters(length, COMMENT_MAX_LENGTH)}
        </span>
        {onCancel && (
          <ScriptButton className="button" onClick={onCancel}>
            {t.comments.cancel}
          </ScriptButton>
        )}
        <BusyButton className="button button--primary" type="submit" busy={posting}>
          {posting ? t.comments.posting : reply ? t.comments.reply : t.comments.post}
        </BusyButton>
      </div>
      <ErrorLine text={error} />
      {!reply && (
        <p className="visually-hidden" role="status">
          {posted ? t.comments.posted : ""}
        </p>
      )}
      <p className="comment-form__failed live-region" role="alert">
        {failed && (
          <>
            {t.comments.postFailed}
            <ScriptButton className="button comment-form__retry" onClick={() => void post()}>
              {t.comments.retry}
            </ScriptButton>
          </>
        )}
      </p>
    </form>
  );
}

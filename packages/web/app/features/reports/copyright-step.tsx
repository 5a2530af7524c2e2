import { type SupportItem, storyIdFromUrl } from "@inkwell/shared";
import { type RefObject, useEffect, useId, useRef, useState } from "react";
import { browserApi } from "../../api/client.ts";
import { ErrorLine } from "../../components/alert.tsx";
import { ScriptButton } from "../../components/script-button.tsx";
import { t } from "../../i18n/index.ts";

const text = t.reports;

type Check =
  | { state: "empty" }
  | { state: "checking" }
  | { state: "valid"; id: number; title: string }
  | { state: "invalid"; message: string };

/**
 * The copyright sub-flow of a story report (§4, §5): the reader pastes the original story's
 * URL; it is valid when it is a story URL and that story exists with a title, which then
 * enables Alert. A failed report says 'Something went wrong. Please try again'.
 */
export function CopyrightStep({
  page,
  storyId,
  onDone,
  headingRef,
}: {
  page: Extract<SupportItem, { type: "page" }>;
  storyId: number;
  onDone: () => void;
  /** The modal's step heading, which focus moves to as the step opens. */
  headingRef: RefObject<HTMLHeadingElement | null>;
}) {
  const [url, setUrl] = useState("");
  const [touched, setTouched] = useState(false);
  const [check, setCheck] = useState<Check>({ state: "empty" });
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const fieldId = useId();
  const latest = useRef(0);

  useEffect(() => {
    const asked = ++latest.current;
    if (url.trim() === "") {
      setCheck({ state: "empty" });
      return;
    }
    const id = storyIdFromUrl(url);
    if (id === null || id === storyId) {
      setCheck({ state: "invalid", message: text.invalidStoryUrl });
      return;
    }
    setCheck({ state: "checking" });
    const timer = setTimeout(async () => {
      const story = await browserApi()
        .storyTitle(id)
        .catch(() => null);
      if (asked !== latest.current) return;
      setCheck(
        story?.title
          ? { state: "valid", id, title: story.title }
          : { state: "invalid", message: text.invalidStoryUrl },
      );
    }, 250);
    return () => clearTimeout(timer);
  }, [url, storyId]);

  async function alert() {
    if (check.state !== "valid") return;
    setSending(true);
    setError(null);
    const result = await browserApi()
      .reportCopyright(storyId, check.id)
      .catch(() => null);
    setSending(false);
    if (result?.ok) onDone();
    else setError(text.copyrightFailed);
  }

  const problem =
    check.state === "invalid"
      ? check.message
      : check.state === "empty" && touched
        ? text.originalRequired
        : null;
  return (
    <form
      className="report__form report__step"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setTouched(true);
        void alert();
      }}
    >
      <h3 className="report__heading" ref={headingRef} tabIndex={-1}>
        {page.title}
      </h3>
      {page.items.map((item) =>
        item.type === "text" ? (
          <p className="report__text" key={item.id}>
            {item.text}
          </p>
        ) : null,
      )}
      <div className="field">
        <label htmlFor={fieldId}>{text.copyrightUrl}</label>
        <input
          id={fieldId}
          type="url"
          inputMode="url"
          value={url}
          placeholder={text.copyrightHint}
          aria-invalid={problem ? true : undefined}
          aria-describedby={`${fieldId}-status`}
          onChange={(event) => setUrl(event.target.value)}
          onBlur={() => setTouched(true)}
        />
        <p
          id={`${fieldId}-status`}
          className={problem ? "field__error" : "field__hint"}
          aria-live="polite"
        >
          {problem ??
            (check.state === "checking"
              ? text.checking
              : check.state === "valid"
                ? text.original(check.title)
                : "")}
        </p>
      </div>
      <ErrorLine text={error} />
      <ScriptButton
        className="button button--primary"
        type="submit"
        disabled={check.state !== "valid" || sending}
      >
        {sending ? text.sending : text.alert}
      </ScriptButton>
    </form>
  );
}

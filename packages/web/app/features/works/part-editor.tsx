import type { PartText } from "@inkwell/shared";
import { Bold, Heading2, Italic, Minus, Underline } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { browserApi } from "../../api/client.ts";
import { Alert } from "../../components/alert.tsx";
import { t } from "../../i18n/index.ts";
import { useInteractionGate } from "../accounts/interaction-gate.tsx";
import { PublishModal, ScheduledModal } from "./publish-modal.tsx";

/** Drafts save this long after the last change. */
const AUTOSAVE_MS = 2_000;
const BLOCKS = "p, h2, h3, blockquote, div";

type SaveState = "saved" | "unsaved" | "saving" | "conflict" | "failed";

/**
 * The server gives new paragraphs their ids; copying them back into the editor (when its
 * paragraphs still line up one for one) means the next save keeps them, so paragraph
 * comments stay in place.
 */
function adoptParagraphIds(editor: HTMLElement, html: string) {
  const saved = new DOMParser().parseFromString(html, "text/html");
  const ids = [...saved.body.querySelectorAll(BLOCKS)].map((block) =>
    block.getAttribute("data-p-id"),
  );
  const blocks = [...editor.querySelectorAll(BLOCKS)];
  if (ids.length !== blocks.length) return;
  blocks.forEach((block, index) => {
    const id = ids[index];
    if (id) block.setAttribute("data-p-id", id);
  });
}

const TOOLS = [
  { command: "bold", label: t.works.editor.bold, Icon: Bold },
  { command: "italic", label: t.works.editor.italic, Icon: Italic },
  { command: "underline", label: t.works.editor.underline, Icon: Underline },
  { command: "formatBlock", value: "h2", label: t.works.editor.heading, Icon: Heading2 },
  { command: "insertHorizontalRule", label: t.works.editor.divider, Icon: Minus },
] as const;

/** The part editor: title, a small rich-text editor, autosave, Preview and Publish. */
export function PartEditor({ storyId, first }: { storyId: number; first: PartText }) {
  const editor = useRef<HTMLDivElement>(null);
  const hash = useRef(first.text_hash);
  const dirty = useRef(false);
  const [title, setTitle] = useState(first.title);
  const [state, setState] = useState<SaveState>("saved");
  const [draft, setDraft] = useState(first.draft);
  const [scheduled, setScheduled] = useState(first.scheduledPublishDatetime);
  const [publishing, setPublishing] = useState(false);
  const [confirmed, setConfirmed] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const { guard, modals } = useInteractionGate();

  async function save(): Promise<boolean> {
    const element = editor.current;
    if (!element || state === "conflict") return false;
    if (!dirty.current) return true;
    dirty.current = false;
    setState("saving");
    const result = await browserApi()
      .savePart(first.id, { title, text: element.innerHTML, text_hash: hash.current })
      .catch(() => null);
    if (result?.ok) {
      hash.current = result.value.text_hash;
      if (!dirty.current) adoptParagraphIds(element, result.value.text);
      setState(dirty.current ? "unsaved" : "saved");
      return true;
    }
    if (result && !result.ok && result.refusal.code === "stale_text") setState("conflict");
    else {
      dirty.current = true;
      setState("failed");
    }
    return false;
  }

  const change = () => {
    dirty.current = true;
    setState((current) => (current === "conflict" ? current : "unsaved"));
  };

  // Autosave: a save a moment after the writer stops typing.
  useEffect(() => {
    if (state !== "unsaved" && state !== "failed") return;
    const timer = setTimeout(save, AUTOSAVE_MS);
    return () => clearTimeout(timer);
  });

  useEffect(() => {
    // Enter starts a <p>, not a <div>, so paragraphs are paragraphs from the start.
    document.execCommand("defaultParagraphSeparator", false, "p");
  }, []);

  const status = {
    saved: t.works.saved,
    saving: t.works.saving,
    unsaved: t.works.editor.unsaved,
    failed: t.works.saveFailed,
    conflict: "",
  }[state];

  return (
    <div className="part-editor">
      <div className="part-editor__bar">
        <a href={`/myworks/${storyId}`}>{t.works.editor.backToStory}</a>
        <span className="part-editor__status" role="status">
          {status}
        </span>
        <div className="part-editor__actions">
          <a className="button" href={`/${first.id}`} target="_blank" rel="noopener">
            {t.works.editor.preview}
          </a>
          {draft ? (
            <button
              className="button button--primary"
              type="button"
              onClick={() => guard(() => setPublishing(true))}
            >
              {scheduled ? t.works.editor.changeSchedule : t.works.editor.publish}
            </button>
          ) : (
            <span className="part-editor__live">{t.works.editor.published}</span>
          )}
        </div>
      </div>
      {state === "conflict" && (
        <Alert tone="danger">
          {t.works.editor.conflict}{" "}
          <button className="button" type="button" onClick={() => window.location.reload()}>
            {t.works.editor.reload}
          </button>
        </Alert>
      )}
      {notice && <Alert tone="success">{notice}</Alert>}
      <div className="part-editor__toolbar" role="toolbar" aria-label={t.works.editor.toolbar}>
        {TOOLS.map((tool) => (
          <button
            key={tool.command + ("value" in tool ? tool.value : "")}
            className="button part-editor__tool"
            type="button"
            aria-label={tool.label}
            title={tool.label}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => {
              document.execCommand(tool.command, false, "value" in tool ? tool.value : undefined);
              editor.current?.focus();
              change();
            }}
          >
            <tool.Icon aria-hidden="true" size={18} />
          </button>
        ))}
      </div>
      <label className="visually-hidden" htmlFor="part-title">
        {t.works.editor.partTitle}
      </label>
      <input
        id="part-title"
        className="part-editor__title"
        type="text"
        maxLength={100}
        value={title}
        placeholder={t.works.editor.untitled}
        onChange={(event) => {
          setTitle(event.target.value);
          change();
        }}
      />
      {/* biome-ignore lint/a11y/useSemanticElements: a rich-text editor cannot be a textarea */}
      <div
        ref={editor}
        className="part-editor__text reading-text"
        contentEditable={state !== "conflict"}
        role="textbox"
        aria-multiline="true"
        aria-label={t.works.editor.label}
        tabIndex={0}
        onInput={change}
        suppressContentEditableWarning
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the writer's own text, sanitised on write
        dangerouslySetInnerHTML={{ __html: first.text }}
      />
      {modals}
      <PublishModal
        open={publishing}
        partId={first.id}
        scheduled={scheduled}
        saveFirst={save}
        onClose={() => setPublishing(false)}
        onPublished={() => {
          setPublishing(false);
          setDraft(false);
          setScheduled(null);
          setNotice(t.works.publishModal.publishedNow);
        }}
        onScheduled={(datetime) => {
          setPublishing(false);
          setScheduled(datetime);
          setConfirmed(datetime);
        }}
      />
      <ScheduledModal
        scheduled={confirmed}
        onChange={() => {
          setConfirmed(null);
          setPublishing(true);
        }}
        onClose={() => setConfirmed(null)}
      />
    </div>
  );
}

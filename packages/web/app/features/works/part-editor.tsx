import {
  type Category,
  type EditorWork,
  imageTag,
  type PartText,
  partWordCount,
  untitledPartNumber,
} from "@inkwell/shared";
import { Settings } from "lucide";
import { type KeyboardEvent, useEffect, useLayoutEffect, useRef, useState } from "react";
import { browserApi, type Refusal } from "../../api/client.ts";
import { Alert, type AlertMessage, LiveAlert, useLiveMessage } from "../../components/alert.tsx";
import { BusyButton } from "../../components/busy-button.tsx";
import { ConfirmModal } from "../../components/confirm-modal.tsx";
import { Icon } from "../../components/icon.tsx";
import { Modal } from "../../components/modal.tsx";
import { ScriptButton } from "../../components/script-button.tsx";
import { t } from "../../i18n/index.ts";
import { onPlainClick } from "../../lib/plain-click.ts";
import { useInteractionGate } from "../accounts/interaction-gate.tsx";
import { BannedImageNotice } from "../safety/banned-image.tsx";
import {
  BLOCKS,
  copyPartText,
  type Formats,
  formatsAt,
  keepParagraphIds,
  keepParagraphs,
  NO_FORMATS,
  pasteCleanly,
  rangeIn,
  restoreRange,
  savedShape,
  selectionFor,
  splitAtCaret,
} from "./editor-commands.ts";
import { EditorToolbar } from "./editor-toolbar.tsx";
import { ImageModal } from "./image-modal.tsx";
import { PaidPartModal } from "./paid-part-modal.tsx";
import { PartSettingsModal } from "./part-settings-modal.tsx";
import { PreviewModal } from "./preview-modal.tsx";
import { PublishModal, type SaveOutcome, ScheduledModal } from "./publish-modal.tsx";
import { StoryDetailsForm } from "./story-details-form.tsx";

/** Drafts save this long after the last change. */
const AUTOSAVE_MS = 2_000;

type SaveState = "saved" | "unsaved" | "saving" | "conflict" | "failed";
type Dialog =
  | "untitled"
  | "publish"
  | "details"
  | "image"
  | "preview"
  | "settings"
  | "paid"
  | "discard"
  | null;

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

/** What §2 asks of a story before its first part goes out. */
const missesDetails = (story: EditorWork) =>
  story.title.trim() === "" ||
  story.description.trim() === "" ||
  story.tags.length === 0 ||
  story.categoryId === null;

interface PartEditorProps {
  first: PartText;
  story: EditorWork;
  categories: Category[];
  /** The scheduler flag of the editor's address (§2): open the publish modal on Schedule. */
  scheduling?: boolean;
}

/**
 * The part editor: title, a rich-text editor with autosave, and the action bars of §2. A
 * draft has Publish, Save, Preview and settings; a published part has Publish Changes,
 * Cancel and settings, and its saves wait as pending edits until Publish Changes.
 */
export function PartEditor({ first, story: firstStory, categories, scheduling }: PartEditorProps) {
  const editor = useRef<HTMLDivElement>(null);
  const settingsButton = useRef<HTMLButtonElement>(null);
  const publishButton = useRef<HTMLButtonElement>(null);
  const root = useRef<HTMLDivElement>(null);
  const bar = useRef<HTMLDivElement>(null);
  const actions = useRef<HTMLDivElement>(null);
  // The formatting toolbar sticks right under the bar, whose height follows how it wraps.
  useEffect(() => {
    const element = bar.current;
    if (!element || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(() =>
      root.current?.style.setProperty("--part-editor-bar", `${element.offsetHeight}px`),
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const hash = useRef(first.text_hash);
  /** Edits the server does not have: not saved yet, or refused. */
  const dirty = useRef(false);
  const saving = useRef<Promise<SaveOutcome> | null>(null);
  /**
   * The writer's last selection in the text. A tool reached by keyboard works on it: on the
   * way to the toolbar, focus passes the title field, which takes the selection with it.
   */
  const selection = useRef<Range | null>(null);
  const imageRange = useRef<Range | null>(null);
  // The toolbar's Image button: a picture dialog closed without a picture gives it focus back
  // (a mouse press on a tool leaves focus in the text).
  const imageOpener = useRef<HTMLButtonElement | null>(null);
  const [story, setStory] = useState(firstStory);
  const [title, setTitle] = useState(first.title);
  const [state, setState] = useState<SaveState>("saved");
  const [draft, setDraft] = useState(first.draft);
  const [changes, setChanges] = useState(first.unpublishedChanges);
  const [scheduled, setScheduled] = useState(first.scheduledPublishDatetime);
  // Emptied before its time, a scheduled part does not go out (decision 090): the writer is
  // told here, where they can still write, not only by the Table of Contents afterwards.
  const [scheduledEmpty, setScheduledEmpty] = useState(first.scheduledEmpty);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [confirmed, setConfirmed] = useState<string | null>(null);
  const [notice, setNotice] = useLiveMessage<AlertMessage>();
  const [formats, setFormats] = useState<Formats>(NO_FORMATS);
  // Counted as the server counts a part's words (the contest's length rule reads that count).
  const [words, setWords] = useState(() => partWordCount(first.text));
  const [busy, setBusy] = useState(false);
  const [image, setImage] = useState<{ url: string; alt: string } | null>(null);
  // Flagged pictures still in the text; deleting one from the text takes its notice away.
  const [banned, setBanned] = useState(first.bannedImages ?? []);
  const { guard, modals } = useInteractionGate();
  const storyId = story.id;

  // A part with no text yet opens in its title, selected, so the first keys replace the name
  // a new part is given: by keyboard or screen reader the page's first control is a score of
  // tabs away, past the header and every tool. Not when the writer is already somewhere
  // (typing into the text before the scripts came).
  const titleField = useRef<HTMLTextAreaElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: on arrival only
  useEffect(() => {
    if (partWordCount(first.text) === 0 && document.activeElement === document.body) {
      titleField.current?.select();
    }
  }, []);

  /**
   * `titleNow` is a title just set, which this render's `title` does not hold yet: the name
   * the no-title question offered, saved by the Publish Changes it goes on to.
   */
  async function saveNow(titleNow = title): Promise<SaveOutcome> {
    const element = editor.current;
    if (!element) return { ok: false, message: null };
    if (state === "conflict") return { ok: false, message: t.works.editor.conflict };
    if (!dirty.current) return { ok: true };
    dirty.current = false;
    setState("saving");
    const result = await browserApi()
      .savePart(first.id, { title: titleNow, text: element.innerHTML, text_hash: hash.current })
      .catch(() => null);
    if (result?.ok) {
      hash.current = result.value.text_hash;
      if (!dirty.current) adoptParagraphIds(element, result.value.text);
      setChanges(result.value.unpublishedChanges);
      setScheduled(result.value.scheduledPublishDatetime);
      setScheduledEmpty(result.value.scheduledEmpty);
      setState(dirty.current ? "unsaved" : "saved");
      return { ok: true };
    }
    dirty.current = true;
    if (result && !result.ok && result.refusal.code === "stale_text") {
      setState("conflict");
      return { ok: false, message: t.works.editor.conflict };
    }
    setState("failed");
    return { ok: false, message: result?.ok === false ? (result.refusal.message ?? null) : null };
  }

  /** One save at a time; a second caller waits for the first and then saves what is left. */
  async function save(titleNow?: string): Promise<SaveOutcome> {
    if (saving.current) await saving.current;
    const pending = saveNow(titleNow);
    saving.current = pending;
    const saved = await pending;
    if (saving.current === pending) saving.current = null;
    return saved;
  }

  const change = () => {
    dirty.current = true;
    setWords(partWordCount(editor.current?.innerHTML ?? ""));
    if (banned.length > 0) {
      const text = editor.current;
      setBanned((urls) =>
        urls.filter((url) => text?.querySelector(`img[src="${CSS.escape(url)}"]`)),
      );
    }
    setNotice(null);
    setState((current) => (current === "conflict" ? current : "unsaved"));
  };

  // Autosave: a save a moment after the writer stops typing.
  useEffect(() => {
    if (state !== "unsaved" && state !== "failed") return;
    const timer = setTimeout(save, AUTOSAVE_MS);
    return () => clearTimeout(timer);
  });

  // Leaving the editor inside the app saves what the autosave timer had not: the timer dies
  // with the editor. A layout cleanup, so the text element is still there to read.
  const latestSave = useRef(save);
  useLayoutEffect(() => {
    latestSave.current = save;
  });
  useLayoutEffect(
    () => () => {
      if (dirty.current) void latestSave.current();
    },
    [],
  );

  // Leaving the page (closing it, a link, reload) with edits the server does not have, or
  // one still on its way, asks first: the page going away would drop them.
  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (dirty.current || saving.current) event.preventDefault();
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, []);

  /** Back to the story: save first, then go; a save that fails leaves the warning above to ask. */
  const leave = (href: string) =>
    onPlainClick(async () => {
      await save();
      window.location.assign(href);
    });

  useEffect(() => {
    // Enter starts a <p>, not a <div>, so paragraphs are paragraphs from the start.
    document.execCommand("defaultParagraphSeparator", false, "p");
    const update = () => {
      const element = editor.current;
      const range = element && rangeIn(element);
      if (!range) return;
      selection.current = range.cloneRange();
      setFormats(formatsAt(element));
    };
    document.addEventListener("selectionchange", update);
    return () => document.removeEventListener("selectionchange", update);
  }, []);

  const toPublishing = () => setDialog(missesDetails(story) ? "details" : "publish");
  // A part published without a title shows readers nothing where its name goes: Publish and
  // Publish Changes ask the writer to name it first, or to take the name its place in the
  // story gives (decision 142).
  const untitled = title.trim() === "";
  const untitledName = t.works.editor.untitledNumbered(untitledPartNumber(story.parts, first.id));

  function publish() {
    guard(() => (untitled ? setDialog("untitled") : toPublishing()));
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: the flag opens it once, on arrival
  useEffect(() => {
    if (scheduling && first.draft) publish();
  }, []);

  async function run(action: () => Promise<AlertMessage | null>) {
    setBusy(true);
    const outcome = await action().catch(() => ({
      tone: "danger" as const,
      text: t.works.actionFailed,
    }));
    setBusy(false);
    setNotice(outcome);
  }

  const refusal = (result: { ok: false; refusal: Refusal }) => ({
    tone: "danger" as const,
    text: result.refusal.message ?? t.works.actionFailed,
  });

  const publishChanges = (titleNow?: string) =>
    guard(() =>
      run(async () => {
        const saved = await save(titleNow);
        if (!saved.ok) return { tone: "danger", text: saved.message ?? t.works.saveFailed };
        const result = await browserApi().publishChanges(first.id);
        if (!result.ok) return refusal(result);
        hash.current = result.value.text_hash;
        setChanges(false);
        // Published, the changes take Publish Changes and Cancel off with them: focus on
        // either goes on to settings, as after Publish, instead of falling to the page.
        if (actions.current?.contains(document.activeElement)) settingsButton.current?.focus();
        return { tone: "success", text: t.writing.changesPublished };
      }),
    );

  const discardChanges = () =>
    run(async () => {
      closeOntoSettings();
      // Edits not saved yet are dropped too; a save under way lands first, then goes.
      dirty.current = false;
      setState("saved");
      if (saving.current) await saving.current;
      const result = await browserApi().discardChanges(first.id);
      if (!result.ok) return refusal(result);
      if (editor.current) editor.current.innerHTML = result.value.text;
      setWords(partWordCount(result.value.text));
      hash.current = result.value.text_hash;
      setTitle(result.value.title);
      setChanges(false);
      setState("saved");
      return { tone: "success", text: t.writing.discarded };
    });

  // A picture goes in once its dialog has closed: while a modal is open the editor is inert.
  useEffect(() => {
    const element = editor.current;
    if (dialog !== null || !image || !element) return;
    setImage(null);
    restoreRange(element, imageRange.current);
    splitAtCaret(element);
    document.execCommand("insertHTML", false, imageTag(image.url, image.alt));
    keepParagraphIds(element);
    change();
  });

  // Focus a closing dialog hands to a control of the page, once it has closed: the page
  // behind an open one is inert.
  const focusAfterClose = useRef<HTMLElement | null>(null);
  function closeOnto(control: HTMLElement | null) {
    focusAfterClose.current = control;
    setDialog(null);
  }
  useEffect(() => {
    if (dialog !== null || !focusAfterClose.current) return;
    focusAfterClose.current.focus();
    focusAfterClose.current = null;
  });
  // For a dialog whose opener is gone by the time it closes (paid settings, opened from the
  // settings dialog; publishing, which takes Publish off the bar; discarding, which takes
  // Cancel off): focus waits on settings.
  const closeOntoSettings = () => closeOnto(settingsButton.current);

  // After a conflict the refused text is the writer's only copy of their words: they take it
  // with them before Reload brings the other version (decision 091).
  async function copyMine() {
    try {
      await copyPartText(savedShape(editor.current?.innerHTML ?? ""));
      setNotice({ tone: "success", text: t.works.editor.copied });
    } catch {
      setNotice({ tone: "danger", text: t.works.editor.copyFailed });
    }
  }

  const status = {
    saved: t.works.saved,
    saving: t.works.saving,
    unsaved: t.works.editor.unsaved,
    failed: t.works.saveFailed,
    conflict: "",
  }[state];
  const hasChanges = changes || state !== "saved";
  const pendingNote = !draft && hasChanges && !notice ? t.writing.pendingChanges : null;
  const emptyNote = scheduled && scheduledEmpty ? t.works.editor.scheduledEmpty : null;

  // Ctrl+S (⌘S) saves the part now, as a writer's hands expect, not the page as a file.
  const saveKey = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key.toLowerCase() !== "s" || !(event.ctrlKey || event.metaKey) || event.altKey) {
      return;
    }
    event.preventDefault();
    void save();
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a shortcut for the fields inside
    <div className="part-editor" ref={root} onKeyDown={saveKey}>
      <div className="part-editor__bar" ref={bar}>
        <a href={`/myworks/${storyId}`} onClick={leave(`/myworks/${storyId}`)}>
          {t.works.editor.backToStory}
        </a>
        <span className="part-editor__words">{t.works.editor.words(words)}</span>
        <span
          className={`part-editor__status${state === "failed" ? " part-editor__status--failed" : ""}`}
          role="status"
        >
          {status}
        </span>
        <div className="part-editor__actions" ref={actions}>
          {draft ? (
            <>
              <ScriptButton
                className={`button button--primary${scheduled ? " part-editor__wide" : ""}`}
                ref={publishButton}
                onClick={publish}
              >
                {scheduled ? t.works.editor.changeSchedule : t.works.editor.publish}
              </ScriptButton>
              <ScriptButton className="button" onClick={() => save()}>
                {t.writing.save}
              </ScriptButton>
              <ScriptButton className="button" onClick={() => setDialog("preview")}>
                {t.writing.preview}
              </ScriptButton>
            </>
          ) : (
            <>
              <BusyButton
                className="button button--primary"
                disabled={!hasChanges}
                busy={busy}
                onClick={() => (untitled ? setDialog("untitled") : publishChanges())}
              >
                {t.writing.publishChanges}
              </BusyButton>
              <BusyButton
                className="button"
                disabled={!hasChanges}
                busy={busy}
                onClick={() => setDialog("discard")}
              >
                {t.writing.cancel}
              </BusyButton>
            </>
          )}
          <ScriptButton
            className="button part-editor__tool"
            ref={settingsButton}
            aria-label={t.writing.settings}
            title={t.writing.settings}
            aria-haspopup="dialog"
            onClick={() => setDialog("settings")}
          >
            <Icon of={Settings} aria-hidden="true" size={18} />
          </ScriptButton>
        </div>
      </div>
      {state === "conflict" && (
        <Alert tone="danger">
          {t.works.editor.conflict}
          <span className="part-editor__conflict-actions">
            <ScriptButton className="button" onClick={copyMine}>
              {t.works.editor.copyMine}
            </ScriptButton>
            <ScriptButton
              className="button"
              onClick={() => {
                // The writer chose to drop the refused edits: no need to ask again on the way.
                dirty.current = false;
                window.location.reload();
              }}
            >
              {t.works.editor.reload}
            </ScriptButton>
          </span>
        </Alert>
      )}
      <div className="alert alert--info live-region" role="status">
        {pendingNote ?? emptyNote}
      </div>
      <LiveAlert message={notice} />
      {/* After a conflict the text is read-only until Reload: no tools, and none to reach. */}
      {state !== "conflict" && (
        <EditorToolbar
          editor={editor}
          selection={selection}
          formats={formats}
          onChange={() => {
            change();
            if (editor.current) setFormats(formatsAt(editor.current));
          }}
          onImage={(opener) => {
            imageOpener.current = opener;
            const element = editor.current;
            imageRange.current = element
              ? (selectionFor(element, selection.current)?.cloneRange() ?? null)
              : null;
            setDialog("image");
          }}
        />
      )}
      {banned.map((url) => (
        <BannedImageNotice key={url} imageUrl={url} thumbnail />
      ))}
      <label className="visually-hidden" htmlFor="part-title">
        {t.works.editor.partTitle}
      </label>
      {/* One line of title, yet a box that wraps and grows: with large text on a phone the
          title and its placeholder would be cut short in an input. Enter and pasted line
          breaks add no second line. */}
      <textarea
        id="part-title"
        ref={titleField}
        className="part-editor__title"
        rows={1}
        maxLength={100}
        value={title}
        placeholder={t.works.editor.untitled}
        onKeyDown={(event) => {
          if (event.key === "Enter") event.preventDefault();
        }}
        onChange={(event) => {
          setTitle(event.target.value.replace(/[\r\n]+/g, " "));
          change();
        }}
      />
      {/* biome-ignore lint/a11y/useSemanticElements: a rich-text editor cannot be a textarea */}
      <div
        ref={editor}
        className="part-editor__text reader__text"
        contentEditable={state !== "conflict"}
        role="textbox"
        aria-multiline="true"
        aria-label={t.works.editor.label}
        tabIndex={0}
        onInput={(event) => {
          // Moving the text mid-word would break a phone keyboard's composition: it is
          // wrapped once the word is done.
          if (!(event.nativeEvent as InputEvent).isComposing) keepParagraphs(event.currentTarget);
          keepParagraphIds(event.currentTarget);
          change();
        }}
        onCompositionEnd={(event) => keepParagraphs(event.currentTarget)}
        onPaste={(event) => {
          event.preventDefault();
          pasteCleanly(event.clipboardData);
          change();
        }}
        suppressContentEditableWarning
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the writer's own text, sanitised on write
        dangerouslySetInnerHTML={{ __html: first.text }}
      />
      {modals}
      <ConfirmModal
        open={dialog === "untitled"}
        title={t.works.editor.noTitle}
        text={t.works.editor.noTitleText(untitledName)}
        cancelLabel={t.works.editor.addTitle}
        confirmLabel={t.works.editor.continueAs(untitledName)}
        onCancel={() => closeOnto(titleField.current)}
        onConfirm={() => {
          setTitle(untitledName);
          change();
          // Publishing goes on with the name: a draft's publish dialog saves it when it
          // publishes; Publish Changes saves now, so it is handed the name.
          if (draft) toPublishing();
          else {
            setDialog(null);
            publishChanges(untitledName);
          }
        }}
      />
      <PublishModal
        open={dialog === "publish"}
        partId={first.id}
        scheduled={scheduled}
        scheduling={scheduling}
        saveFirst={save}
        // Opened from the bar, or from a dialog gone by now (Change schedule of the scheduled
        // confirmation, the missing story details): focus goes back to the bar either way.
        onClose={() => closeOnto(publishButton.current)}
        onPublished={() => {
          closeOntoSettings();
          setDraft(false);
          setScheduled(null);
          setNotice({ tone: "success", text: t.works.publishModal.publishedNow });
        }}
        onScheduled={(datetime) => {
          setDialog(null);
          setScheduled(datetime);
          setConfirmed(datetime);
        }}
      />
      <ScheduledModal
        scheduled={confirmed}
        onChange={() => {
          setConfirmed(null);
          setDialog("publish");
        }}
        onClose={() => setConfirmed(null)}
      />
      <Modal
        open={dialog === "details"}
        title={t.writing.detailsFirstTitle}
        onClose={() => setDialog(null)}
        className="modal--wide"
      >
        <div className="modal__form">
          <p>{t.writing.detailsFirstText}</p>
          <StoryDetailsForm
            story={story}
            categories={categories}
            onSaved={(saved) => {
              setStory(saved);
              if (!missesDetails(saved)) setDialog("publish");
            }}
          />
        </div>
      </Modal>
      <ImageModal
        open={dialog === "image"}
        partId={first.id}
        onClose={() => closeOnto(imageOpener.current)}
        onAdded={(added) => {
          setImage(added);
          setDialog(null);
        }}
      />
      <PreviewModal
        open={dialog === "preview"}
        title={title}
        html={() => editor.current?.innerHTML ?? ""}
        onClose={() => setDialog(null)}
      />
      <PartSettingsModal
        open={dialog === "settings"}
        storyId={storyId}
        partId={first.id}
        title={title}
        published={!draft}
        paid={story.isPaid}
        onPaidSettings={() => setDialog("paid")}
        onPreview={() => setDialog("preview")}
        onUnpublished={() => {
          closeOntoSettings();
          setDraft(true);
          setChanges(false);
          setNotice({ tone: "success", text: t.works.unpublished(title) });
        }}
        onClose={closeOntoSettings}
      />
      <PaidPartModal
        open={dialog === "paid"}
        storyId={storyId}
        partId={first.id}
        title={title}
        onSaved={(message) => {
          closeOntoSettings();
          setNotice({ tone: "success", text: message });
        }}
        onClose={closeOntoSettings}
      />
      <Modal
        open={dialog === "discard"}
        title={t.writing.discardTitle}
        onClose={() => setDialog(null)}
      >
        <div className="modal__form">
          <p>{t.writing.discardText}</p>
          <div className="modal__actions">
            <ScriptButton className="button" onClick={() => setDialog(null)}>
              {t.writing.keepEditing}
            </ScriptButton>
            <ScriptButton className="button button--danger" onClick={discardChanges}>
              {t.writing.discard}
            </ScriptButton>
          </div>
        </div>
      </Modal>
    </div>
  );
}

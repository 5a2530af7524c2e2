import {
  type Category,
  formatCount,
  LANGUAGES,
  STAFF_NOTE_MAX,
  STAFF_STATUS_RESET_MS,
  type StaffNote,
  type StoryClassificationInput,
  type StoryStaffView,
  storyReportsUrl,
} from "@inkwell/shared";
import { CircleCheck, LockKeyhole, TriangleAlert } from "lucide";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { browserApi } from "../../api/client.ts";
import { type AlertMessage, LoadingStatus, useLiveMessage } from "../../components/alert.tsx";
import { ConfirmModal } from "../../components/confirm-modal.tsx";
import { Icon } from "../../components/icon.tsx";
import { t } from "../../i18n/index.ts";
import { useCurrentUser } from "../../lib/current-user.ts";
import { NoteField, StaffNoteList, useNoteDraft } from "../reports/staff-notes.tsx";
import "../../styles/story-staff.css";
import { BusyButton } from "../../components/busy-button.tsx";
import { ScriptButton } from "../../components/script-button.tsx";
import { RatingHistoryList, ratingHistoryUrl } from "./rating-history.tsx";

const text = t.storyStaff;

/**
 * A control's outcome (reader.md §6): a check icon on success or a warning icon with the
 * error text on failure, both gone after 3 seconds. The same outcome twice in a row (a
 * second "Nothing to save", a second "Saved") is said again (decision 131).
 */
function useSaveStatus() {
  const [saving, setSaving] = useState(false);
  const [outcome, say] = useLiveMessage<AlertMessage>();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const settle = (result: "saved" | "failed", message?: string) => {
    clearTimeout(timer.current);
    setSaving(false);
    say(
      result === "saved"
        ? { tone: "success", text: text.saved }
        : { tone: "danger", text: message ?? text.failed },
    );
    timer.current = setTimeout(() => say(null), STAFF_STATUS_RESET_MS);
  };
  const start = () => {
    clearTimeout(timer.current);
    setSaving(true);
    say(null);
  };
  const state = saving
    ? "saving"
    : outcome?.tone === "success"
      ? "saved"
      : outcome
        ? "failed"
        : "idle";
  return { state, error: outcome?.tone === "danger" ? outcome.text : null, start, settle };
}

type SaveStatus = ReturnType<typeof useSaveStatus>;

/** Always in the page, so screen readers hear each outcome as it comes (role=status). */
function StatusLine({ status, id }: { status: SaveStatus; id: string }) {
  return (
    <span className="staff-status" role="status" id={id}>
      {status.state === "saving" && <span className="staff-status__text">{text.saving}</span>}
      {status.state === "saved" && (
        <>
          <Icon of={CircleCheck} size={20} className="staff-status__ok" aria-hidden="true" />
          <span className="visually-hidden">{text.saved}</span>
        </>
      )}
      {status.state === "failed" && (
        <>
          <Icon of={TriangleAlert} size={20} className="staff-status__warn" aria-hidden="true" />
          <span className="staff-status__text staff-status__text--error">{status.error}</span>
        </>
      )}
    </span>
  );
}

function StaffSelect({
  label,
  value,
  options,
  placeholder,
  onChoose,
}: {
  label: string;
  value: number | null;
  options: { id: number; name: string }[];
  placeholder?: string;
  onChoose: (id: number) => void;
}) {
  const id = useId();
  return (
    <div className="staff-field">
      <label htmlFor={`${id}-select`}>{label}</label>
      <select
        id={`${id}-select`}
        className="staff-field__select"
        value={value ?? ""}
        onChange={(event) => onChoose(Number(event.target.value))}
      >
        {value === null && (
          <option value="" disabled>
            {placeholder}
          </option>
        )}
        {options.map((option) => (
          <option key={option.id} value={option.id}>
            {option.name}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The Story lock panel's choices, as its form holds them until Save. */
type LockChoices = Pick<StoryStaffView, "languageId" | "categoryId" | "locked">;

const choicesOf = ({ languageId, categoryId, locked }: StoryStaffView): LockChoices => ({
  languageId,
  categoryId,
  locked,
});

/** What Save sends: the choices that differ from the story's, or null when none does. */
function changedChoices(view: StoryStaffView, choices: LockChoices) {
  const input: StoryClassificationInput = {
    ...(choices.languageId !== view.languageId && { languageId: choices.languageId }),
    ...(choices.categoryId !== null &&
      choices.categoryId !== view.categoryId && { categoryId: choices.categoryId }),
    ...(choices.locked !== view.locked && { locked: choices.locked }),
  };
  return Object.keys(input).length > 0 ? input : null;
}

/**
 * Ambassadors and system admins: the review link and the language and category selects.
 * Choices are sent by Save, one save at a time: a list saving on each change saved every
 * language an arrow key passed on the way, each answer possibly landing after a later one.
 */
function StoryLockPanel({
  storyId,
  view,
  categories,
  onChange,
}: {
  storyId: number;
  view: StoryStaffView;
  categories: Category[];
  onChange: (view: StoryStaffView) => void;
}) {
  const [choices, setChoices] = useState(() => choicesOf(view));
  const status = useSaveStatus();
  const id = useId();
  // A new language or category locks the story, as the server does unless told otherwise.
  const choose = (change: Partial<LockChoices>) =>
    setChoices({ ...choices, ...change, locked: true });
  async function save(event: FormEvent) {
    event.preventDefault();
    const input = changedChoices(view, choices);
    if (!input) {
      status.settle("failed", text.unchanged);
      return;
    }
    status.start();
    const result = await browserApi()
      .classifyStory(storyId, input)
      .catch(() => null);
    if (result?.ok) {
      onChange(result.value);
      status.settle("saved");
    } else {
      status.settle("failed", result?.refusal.message);
    }
  }
  return (
    <aside className="side-card staff-panel" aria-labelledby="story-lock-heading">
      <Icon of={LockKeyhole} aria-hidden="true" size={24} />
      <h2 id="story-lock-heading">{text.lockHeading}</h2>
      <p>{text.lockIntro}</p>
      <a href={storyReportsUrl(storyId)}>{text.review}</a>
      <form className="staff-lock" onSubmit={(event) => void save(event)}>
        <StaffSelect
          label={text.language}
          value={choices.languageId}
          options={[...LANGUAGES]}
          onChoose={(languageId) => choose({ languageId })}
        />
        <StaffSelect
          label={text.category}
          value={choices.categoryId}
          options={categories}
          placeholder={text.chooseCategory}
          onChoose={(categoryId) => choose({ categoryId })}
        />
        <label className="staff-check">
          <input
            type="checkbox"
            checked={choices.locked}
            onChange={(event) => setChoices({ ...choices, locked: event.target.checked })}
          />
          {text.locked}
        </label>
        <div className="staff-field__row">
          <BusyButton
            className="button"
            type="submit"
            busy={status.state === "saving"}
            aria-describedby={`${id}-status`}
          >
            {text.save}
          </BusyButton>
          <StatusLine status={status} id={`${id}-status`} />
        </div>
      </form>
    </aside>
  );
}

/** A cover is removed the image-moderation way: hidden from all but its writer, who may appeal. */
function RemoveCover({ cover }: { cover: string }) {
  const status = useSaveStatus();
  const [asking, setAsking] = useState(false);
  const [removed, setRemoved] = useState(false);
  const removedLine = useRef<HTMLParagraphElement>(null);
  const revalidator = useRevalidator();
  const id = useId();
  // The button goes with the cover: focus moves to the line that says so, not the page's top.
  useEffect(() => {
    if (removed) removedLine.current?.focus();
  }, [removed]);
  async function remove() {
    setAsking(false);
    status.start();
    const result = await browserApi()
      .flagImage(cover)
      .catch(() => null);
    if (result?.ok) {
      setRemoved(true);
      revalidator.revalidate();
    } else {
      status.settle("failed", result?.refusal.message);
    }
  }
  if (removed) {
    return (
      <p ref={removedLine} tabIndex={-1}>
        {text.coverRemoved}
      </p>
    );
  }
  return (
    <div className="staff-field__row">
      <ScriptButton
        className="button"
        aria-describedby={`${id}-status`}
        onClick={() => setAsking(true)}
      >
        {text.removeCover}
      </ScriptButton>
      <StatusLine status={status} id={`${id}-status`} />
      <ConfirmModal
        open={asking}
        title={text.removeCoverTitle}
        text={text.removeCoverText}
        cancelLabel={text.cancel}
        confirmLabel={text.removeCover}
        tone="danger"
        onCancel={() => setAsking(false)}
        onConfirm={() => void remove()}
      />
    </div>
  );
}

/** No ads on the story (reader.md §6): saved on change; the page redraws without its ad slot. */
function AdExempt({
  storyId,
  view,
  onChange,
}: {
  storyId: number;
  view: StoryStaffView;
  onChange: (view: StoryStaffView) => void;
}) {
  const status = useSaveStatus();
  const revalidator = useRevalidator();
  const id = useId();
  async function save(exempt: boolean) {
    const before = view;
    onChange({ ...view, adExempt: exempt });
    status.start();
    const result = await browserApi()
      .setAdExempt(storyId, exempt)
      .catch(() => null);
    if (result?.ok) {
      onChange(result.value);
      status.settle("saved");
      revalidator.revalidate();
    } else {
      onChange(before);
      status.settle("failed", result?.refusal.message);
    }
  }
  return (
    <div className="staff-field__row">
      <label className="staff-check">
        <input
          type="checkbox"
          checked={view.adExempt ?? false}
          aria-describedby={`${id}-status`}
          onChange={(event) => void save(event.target.checked)}
        />
        {text.adExempt}
      </label>
      <StatusLine status={status} id={`${id}-status`} />
    </div>
  );
}

/** System admins' notes on the story: staff alone see them (reader.md §6, admin notes). */
function AdminNotes({
  storyId,
  notes,
  onAdded,
}: {
  storyId: number;
  notes: StaffNote[];
  onAdded: (note: StaffNote) => void;
}) {
  const draft = useNoteDraft();
  const status = useSaveStatus();
  const id = useId();
  async function add(event: FormEvent) {
    event.preventDefault();
    const body = draft.take();
    if (!body) return;
    status.start();
    const result = await browserApi()
      .addStoryStaffNote(storyId, body)
      .catch(() => null);
    if (result?.ok) {
      onAdded(result.value);
      draft.clear();
      status.settle("saved");
    } else {
      status.settle("failed", result?.refusal.message);
    }
  }
  return (
    <section className="staff-admin__section" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>{text.notesHeading}</h3>
      <StaffNoteList notes={notes} empty={text.noNotes} />
      <form className="field" onSubmit={(event) => void add(event)}>
        <NoteField
          id={`${id}-note`}
          label={text.noteLabel}
          draft={draft}
          hint={text.characters(draft.text.length, STAFF_NOTE_MAX)}
          describedBy={`${id}-status`}
        />
        <div className="staff-field__row">
          <BusyButton className="button" type="submit" busy={status.state === "saving"}>
            {text.addNote}
          </BusyButton>
          <StatusLine status={status} id={`${id}-status`} />
        </div>
      </form>
    </section>
  );
}

/** A country code as its English name ("NZ": New Zealand); anything else as it is stored. */
function countryName(code: string): string {
  try {
    return new Intl.DisplayNames(["en"], { type: "region" }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** System admins: the author's facts, the links that lead somewhere here, the text download. */
function AdminPanel({
  storyId,
  view,
  cover,
  onChange,
  onNoteAdded,
}: {
  storyId: number;
  view: StoryStaffView;
  cover: string | null;
  onChange: (view: StoryStaffView) => void;
  onNoteAdded: (note: StaffNote) => void;
}) {
  const author = view.author;
  const ratingsId = useId();
  // The cover the panel opened with: removed, the page has none, but its line stays to say so.
  const [removable] = useState(cover);
  return (
    <details className="side-card staff-panel staff-admin">
      <summary className="chevron">
        <h2>{text.adminHeading}</h2>
      </summary>
      <div className="staff-admin__body">
        {author && (
          <dl className="staff-admin__facts">
            <dt>{text.authorAge}</dt>
            <dd>{author.age ?? text.notGiven}</dd>
            <dt>{text.country}</dt>
            <dd>{author.country ? countryName(author.country) : text.unknown}</dd>
            <dt>{text.totalReads}</dt>
            <dd>{formatCount(author.totalReads)}</dd>
          </dl>
        )}
        <a href={`/myworks/${storyId}`}>{text.editDetails}</a>
        <a href={storyReportsUrl(storyId)}>{text.reports}</a>
        <a
          href={`/admin/paid_stories_manager?${new URLSearchParams({ storyId: String(storyId) })}`}
        >
          {text.paidStories}
        </a>
        {removable && <RemoveCover cover={removable} />}
        <AdExempt storyId={storyId} view={view} onChange={onChange} />
        {/* A plain GET form: the browser downloads the attachment and stays on the page. */}
        <form className="staff-admin__download" method="get" action="/apiv2/storytext">
          <fieldset>
            <legend>{text.downloadHeading}</legend>
            <input type="hidden" name="group_id" value={storyId} />
            <input type="hidden" name="output" value="zip" />
            <label className="staff-check">
              <input type="checkbox" name="no_format" value="1" />
              {text.plainText}
            </label>
            <label className="staff-check">
              <input type="checkbox" name="include_drafts" value="1" />
              {text.includeDrafts}
            </label>
            <label className="staff-check">
              <input type="checkbox" name="include_deleted" value="1" />
              {text.includeDeleted}
            </label>
          </fieldset>
          <button className="button" type="submit">
            {text.download}
          </button>
        </form>
        <section className="staff-admin__section" aria-labelledby={ratingsId}>
          <h3 id={ratingsId}>{text.ratingHeading}</h3>
          <RatingHistoryList changes={view.ratingHistory ?? []} />
          <a href={ratingHistoryUrl(storyId)}>{text.ratingPage}</a>
        </section>
        <AdminNotes storyId={storyId} notes={view.notes ?? []} onAdded={onNoteAdded} />
      </div>
    </details>
  );
}

/**
 * The story page's staff panels (reader.md §6), loaded only for ambassadors and system admins
 * (routes/story.tsx): what they show comes from the staff call, which refuses everyone else.
 */
export default function StaffPanels({ storyId, cover }: { storyId: number; cover: string | null }) {
  const user = useCurrentUser();
  const [view, setView] = useState<StoryStaffView | null>(null);
  const [categories, setCategories] = useState<Category[]>([]);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let current = true;
    const api = browserApi();
    Promise.all([api.storyStaff(storyId), api.categories()])
      .then(([staffView, list]) => {
        if (!current) return;
        setView(staffView);
        setCategories(list.categories);
      })
      .catch(() => current && setFailed(true));
    return () => {
      current = false;
    };
  }, [storyId]);
  if (!view || !user) {
    return (
      <LoadingStatus
        className="staff-panel__failed"
        loading={false}
        failure={failed && text.loadFailed}
      />
    );
  }
  return (
    <>
      <StoryLockPanel storyId={storyId} view={view} categories={categories} onChange={setView} />
      {user.isSysAdmin && (
        <AdminPanel
          storyId={storyId}
          view={view}
          cover={cover}
          onChange={setView}
          // On the view as it is when the note lands: a Story lock change may have come first.
          onNoteAdded={(note) =>
            setView((current) => current && { ...current, notes: [...(current.notes ?? []), note] })
          }
        />
      )}
    </>
  );
}

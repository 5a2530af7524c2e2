import {
  type Category,
  COPYRIGHT_LICENCES,
  type EditorWork,
  LANGUAGES,
  STORY_LOCKED_MESSAGE,
  type StoryDetailsInput,
} from "@inkwell/shared";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { browserApi, type Refusal } from "../../api/client.ts";
import { Alert, type AlertMessage } from "../../components/alert.tsx";
import { BusyButton } from "../../components/busy-button.tsx";
import { CheckField } from "../../components/check-field.tsx";
import { t } from "../../i18n/index.ts";
import { base64Of, KEPT, type PictureChoice } from "../../lib/image-files.ts";
import { CoverPicker } from "./cover-picker.tsx";
import { LicenceHelp } from "./licence-help.tsx";
import { TagField } from "./tag-field.tsx";

const EMPTY: StoryDetailsInput = {
  title: "",
  description: "",
  tags: [],
  categoryId: null,
  languageId: 1,
  mature: false,
  completed: false,
  copyright: 1,
};

/** The fields the form edits and sends: none of the story's other facts (its cover, parts). */
const detailsOf = ({
  title,
  description,
  tags,
  categoryId,
  languageId,
  mature,
  completed,
  copyright,
}: StoryDetailsInput): StoryDetailsInput => ({
  title,
  description,
  tags,
  categoryId,
  languageId,
  mature,
  completed,
  copyright,
});

/**
 * The Story Details tab: every field of a story, with the licence picker of §3 and the
 * cover. A new story is created with its first draft part and the writer goes straight to
 * writing it. With `onSaved` (the part editor's publish form), a save hands the story back.
 */
export function StoryDetailsForm({
  story,
  categories,
  onSaved,
  staff = false,
}: {
  story: EditorWork | null;
  categories: Category[];
  onSaved?: (story: EditorWork) => void;
  /** A system admin changing another writer's story: the Story lock is theirs to pass. */
  staff?: boolean;
}) {
  const [details, setDetails] = useState<StoryDetailsInput>(story ? detailsOf(story) : EMPTY);
  // Asked once, when the story is made (the server refuses a new story without it).
  const [originalWork, setOriginalWork] = useState(false);
  const [saved, setSaved] = useState({
    cover: story?.cover ?? null,
    bannedCover: story?.bannedCover ?? null,
  });
  const [coverChoice, setCoverChoice] = useState<PictureChoice>(KEPT);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<AlertMessage | null>(null);
  const [busy, setBusy] = useState(false);
  const summary = useRef<HTMLDivElement>(null);
  const set = <K extends keyof StoryDetailsInput>(key: K, value: StoryDetailsInput[K]) =>
    setDetails((all) => ({ ...all, [key]: value }));
  // Staff locked the language and category (the Story lock): the server refuses a change.
  const locked = !staff && (story?.classificationLocked ?? false);

  // A refused save leaves focus on <body> (Save was disabled meanwhile), far below the
  // summary that lists what to fix: take the writer there.
  useEffect(() => {
    if (message?.tone === "danger") summary.current?.focus();
  }, [message]);

  async function save(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const api = browserApi();
    const result = await (story
      ? api.updateWork(story.id, {
          ...details,
          ...(coverChoice.kind === "removed" && { cover: null }),
        })
      : api.createWork({ ...details, originalWork })
    ).catch(() => ({ ok: false as const, refusal: {} as Refusal }));
    if (!result.ok) {
      setBusy(false);
      const refusal = result.refusal as Refusal & { fields?: Record<string, string> };
      setErrors(refusal.fields ?? {});
      setMessage({ tone: "danger", text: refusal.message ?? t.works.saveFailed });
      return;
    }
    setErrors({});
    setSaved({ cover: result.value.cover, bannedCover: result.value.bannedCover });
    if (coverChoice.kind === "removed") setCoverChoice(KEPT);
    const coverSaved =
      coverChoice.kind === "new" ? await saveCover(result.value.id, coverChoice.dataUrl) : true;
    setBusy(false);
    if (story) {
      if (!coverSaved) return;
      if (onSaved) onSaved(result.value);
      else setMessage({ tone: "success", text: t.works.saved });
      return;
    }
    const part = coverSaved ? await api.createPart(result.value.id).catch(() => null) : null;
    window.location.assign(
      part?.ok
        ? `/myworks/${result.value.id}/write/${part.value.id}`
        : `/myworks/${result.value.id}`,
    );
  }

  async function saveCover(storyId: number, dataUrl: string): Promise<boolean> {
    const result = await browserApi()
      .updateStoryCover(storyId, base64Of(dataUrl), "upload")
      .catch(() => ({ ok: false as const, refusal: {} as Refusal }));
    if (!result.ok) {
      setMessage({ tone: "danger", text: result.refusal.message ?? t.covers.failed });
      return false;
    }
    // A new cover replaces one moderators hid: the server drops its notice too.
    setSaved({ cover: result.value.cover, bannedCover: null });
    setCoverChoice(KEPT);
    return true;
  }

  const invalid = (field: string) =>
    Object.keys(errors).some((key) => key === field || key.startsWith(`${field}.`));
  const error = (field: string) => {
    const key = Object.keys(errors).find((name) => name === field || name.startsWith(`${field}.`));
    return key ? (
      <p className="field__error" id={`story-${field}-error`}>
        {errors[key]}
      </p>
    ) : null;
  };
  const lockedHint = locked && "story-locked-hint";
  const box = (field: "mature" | "completed") => ({
    id: `story-${field}`,
    label: t.works.fields[field],
    checked: details[field],
    onChecked: (checked: boolean) => set(field, checked),
  });
  const describedBy = (field: string, hint = false, ...more: (string | false)[]) =>
    [hint && `story-${field}-hint`, invalid(field) && `story-${field}-error`, ...more]
      .filter(Boolean)
      .join(" ") || undefined;
  // A control's error as a screen reader hears it: invalid, and described by its error.
  const errorProps = (field: string, ...more: (string | false)[]) => ({
    "aria-invalid": invalid(field) || undefined,
    "aria-describedby": describedBy(field, false, ...more),
  });

  return (
    <form className="story-form" onSubmit={save} noValidate>
      {message && (
        <Alert tone={message.tone} ref={summary}>
          {message.text}
        </Alert>
      )}
      <div className="field">
        <label htmlFor="story-title">{t.works.fields.title}</label>
        <input
          id="story-title"
          type="text"
          value={details.title}
          maxLength={100}
          required
          {...errorProps("title")}
          onChange={(event) => set("title", event.target.value)}
        />
        {error("title")}
      </div>
      <div className="field">
        <label htmlFor="story-description">{t.works.fields.description}</label>
        <textarea
          id="story-description"
          rows={6}
          maxLength={2000}
          value={details.description}
          {...errorProps("description")}
          onChange={(event) => set("description", event.target.value)}
        />
        {error("description")}
      </div>
      <div className="field">
        <label htmlFor="story-tags">{t.works.fields.tags}</label>
        <TagField
          id="story-tags"
          tags={details.tags}
          invalid={invalid("tags")}
          describedBy={describedBy("tags", true)}
          onChange={(tags) => set("tags", tags)}
        />
        <p className="field__hint" id="story-tags-hint">
          {t.works.fields.tagsHint}
        </p>
        {error("tags")}
      </div>
      <div className="story-form__row">
        <div className="field">
          <label htmlFor="story-category">{t.works.fields.category}</label>
          <select
            id="story-category"
            value={details.categoryId ?? ""}
            disabled={locked}
            {...errorProps("categoryId", lockedHint)}
            onChange={(event) =>
              set("categoryId", event.target.value ? Number(event.target.value) : null)
            }
          >
            <option value="">{t.works.fields.chooseCategory}</option>
            {categories.map((category) => (
              <option key={category.id} value={category.id}>
                {category.name}
              </option>
            ))}
          </select>
          {error("categoryId")}
        </div>
        <div className="field">
          <label htmlFor="story-language">{t.works.fields.language}</label>
          <select
            id="story-language"
            value={details.languageId}
            disabled={locked}
            aria-describedby={describedBy("languageId", false, lockedHint)}
            onChange={(event) => set("languageId", Number(event.target.value))}
          >
            {LANGUAGES.map((language) => (
              <option key={language.id} value={language.id}>
                {language.name}
              </option>
            ))}
          </select>
        </div>
      </div>
      {locked && (
        <p className="field__hint" id="story-locked-hint">
          {STORY_LOCKED_MESSAGE}
        </p>
      )}
      <div className="field field--licence">
        <div className="field__label-row">
          <label htmlFor="story-copyright">{t.works.fields.copyright}</label>
          <LicenceHelp />
        </div>
        <select
          id="story-copyright"
          value={details.copyright}
          aria-describedby="story-copyright-hint"
          onChange={(event) => set("copyright", Number(event.target.value))}
        >
          {COPYRIGHT_LICENCES.map((licence) => (
            <option key={licence.id} value={licence.id}>
              {licence.name}
            </option>
          ))}
        </select>
        <p className="field__hint" id="story-copyright-hint">
          {t.works.fields.copyrightHint}
        </p>
      </div>
      <CoverPicker
        title={details.title}
        cover={saved.cover}
        choice={coverChoice}
        onChange={setCoverChoice}
        removable={!staff}
        importHref={story && !staff ? `/myworks/cover-import?storyId=${story.id}` : undefined}
        bannedCover={saved.bannedCover}
      />
      <CheckField {...box("mature")} hint={t.works.fields.matureHint} />
      <CheckField {...box("completed")} hint={t.works.fields.completedHint} />
      {!story && (
        <div className="field field--check">
          <input
            id="story-originalWork"
            type="checkbox"
            checked={originalWork}
            required
            {...errorProps("originalWork")}
            onChange={(event) => setOriginalWork(event.target.checked)}
          />
          <label htmlFor="story-originalWork">{t.works.fields.originalWork}</label>
          {error("originalWork")}
        </div>
      )}
      <BusyButton className="button button--primary" type="submit" busy={busy}>
        {busy ? t.works.saving : t.works.save}
      </BusyButton>
    </form>
  );
}

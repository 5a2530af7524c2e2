import {
  BONUS_TYPE_NAMES,
  PAID_PART_TEXT_MAX,
  PAID_STORY_PART_PRICE,
  type PaidPartConfig,
  paidPartErrors,
  partPrice,
} from "@inkwell/shared";
import { type FormEvent, useEffect, useId, useState } from "react";
import { browserApi } from "../../api/client.ts";
import { LoadingStatus } from "../../components/alert.tsx";
import { Modal } from "../../components/modal.tsx";
import { Toast } from "../../components/toast.tsx";
import { t } from "../../i18n/index.ts";
import "../../styles/coins.css";
import { BusyButton } from "../../components/busy-button.tsx";
import { ScriptButton } from "../../components/script-button.tsx";

/** The writer's choices: free, a plain paid part, or one of the bonus types on offer (§4). */
type Kind = "free" | "paid_story" | "exclusive" | "reveal";

const BONUS_TYPE_OF = { exclusive: 0, reveal: 2 } as const;

const bonusPrice = (type: 0 | 2) =>
  partPrice({ isBonusPart: true, bonusTypeName: BONUS_TYPE_NAMES[type] });

function kindOf(config: PaidPartConfig): Kind | null {
  if (config.is_free_part) return "free";
  if (config.paid_model === "paid_story") return "paid_story";
  if (config.bonus_type === BONUS_TYPE_OF.exclusive) return "exclusive";
  if (config.bonus_type === BONUS_TYPE_OF.reveal) return "reveal";
  // A type no longer offered (Story Branch): the writer picks again.
  return null;
}

const bonusTypeOf = (kind: Kind | null) =>
  kind === "exclusive" || kind === "reveal" ? BONUS_TYPE_OF[kind] : null;

/** What the writer is told once the part is saved as `kind`. */
function savedMessage(title: string, kind: Kind | null): string {
  const bonusType = bonusTypeOf(kind);
  if (bonusType !== null) {
    return t.paidParts.saved.bonus(title, BONUS_TYPE_NAMES[bonusType], bonusPrice(bonusType));
  }
  return kind === "paid_story"
    ? t.paidParts.saved.paid_story(title, PAID_STORY_PART_PRICE)
    : t.paidParts.saved.free(title);
}

/** Takes the writer to the first field an error names, once React has marked it. */
function focusFirstInvalid(form: HTMLFormElement) {
  requestAnimationFrame(() => {
    const invalid = form.querySelector<HTMLElement>(
      '[aria-invalid="true"], fieldset[aria-describedby] input',
    );
    invalid?.focus();
  });
}

interface PaidPartModalProps {
  open: boolean;
  storyId: number;
  partId: number;
  title: string;
  /** Called with what the part now costs, once the server has saved it. */
  onSaved: (message: string) => void;
  onClose: () => void;
}

/**
 * The paid-part configuration dialog (writer-paid-contest.md §2, §3): whether readers pay
 * for this part of a paid story, and as what. Bonus parts take a description and a note,
 * checked here as the server checks them (paidPartErrors) so mistakes show before sending.
 */
export function PaidPartModal({ open, onClose, ...part }: PaidPartModalProps) {
  // A new attempt mounts a new loader, which fetches again.
  const [attempt, setAttempt] = useState(0);
  return (
    <Modal open={open} title={t.paidParts.title} onClose={onClose}>
      <PaidPartLoader
        key={attempt}
        {...part}
        onClose={onClose}
        onRetry={() => setAttempt(attempt + 1)}
      />
    </Modal>
  );
}

type Loaded =
  | { state: "loading" }
  | { state: "failed" }
  | { state: "ready"; config: PaidPartConfig };

type FormProps = Omit<PaidPartModalProps, "open">;

/** The part's settings as the server has them, fetched each time the dialog opens. */
function PaidPartLoader({ onRetry, ...props }: FormProps & { onRetry: () => void }) {
  const { storyId, partId } = props;
  const [loaded, setLoaded] = useState<Loaded>({ state: "loading" });
  useEffect(() => {
    let current = true;
    browserApi()
      .paidPartConfig(storyId, partId)
      .then(
        (config) => current && setLoaded({ state: "ready", config }),
        () => current && setLoaded({ state: "failed" }),
      );
    return () => {
      current = false;
    };
  }, [storyId, partId]);

  if (loaded.state !== "ready") {
    const failed = loaded.state === "failed";
    return (
      <div className="modal__form">
        <LoadingStatus
          loading={!failed && t.paidParts.loading}
          failure={failed && t.paidParts.loadFailed}
        />
        {failed && (
          <ScriptButton className="button" onClick={onRetry}>
            {t.paidParts.retry}
          </ScriptButton>
        )}
      </div>
    );
  }
  return <PaidPartForm {...props} config={loaded.config} />;
}

function PaidPartForm({ config, title, onSaved, onClose }: FormProps & { config: PaidPartConfig }) {
  const id = useId();
  const [kind, setKind] = useState<Kind | null>(kindOf(config));
  const [description, setDescription] = useState(config.chapter_description);
  const [note, setNote] = useState(config.author_note);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState(false);
  // §4: Remove (making a paid part free) asks first; so does choosing Free for a paid part.
  const [confirmingFree, setConfirmingFree] = useState(false);
  const paidNow = !config.is_free_part;
  const bonusType = bonusTypeOf(kind);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (kind === "free" && paidNow && !confirmingFree) {
      setConfirmingFree(true);
      return;
    }
    // Confirming Remove saves the part free whatever the form shows; Keep it paid keeps both.
    const chosen = confirmingFree ? "free" : kind;
    const chosenBonusType = bonusTypeOf(chosen);
    const form = event.currentTarget;
    const settings = {
      bonus_type: chosenBonusType,
      chapter_description: description.trim(),
      author_note: note.trim(),
    };
    const found =
      chosen === null
        ? { bonus_type: t.paidParts.chooseKind }
        : chosenBonusType === null
          ? {}
          : paidPartErrors(settings);
    setErrors(found);
    setFailed(false);
    if (Object.keys(found).length > 0) return focusFirstInvalid(form);
    setSaving(true);
    const result = await browserApi()
      .savePaidPart({
        story_id: config.story_id,
        part_id: config.part_id,
        author_id: config.author_id,
        paid_model: chosen === "paid_story" ? "paid_story" : "paid_bonus",
        is_free_part: chosen === "free",
        ...settings,
        bonus_type: chosen === "paid_story" ? null : chosenBonusType,
      })
      .catch(() => null);
    setSaving(false);
    setConfirmingFree(false);
    if (result?.ok) onSaved(savedMessage(title, chosen));
    else if (result?.refusal.fields) {
      setErrors(result.refusal.fields);
      focusFirstInvalid(form);
    } else setFailed(true);
  }

  const choice = (value: Kind, label: string, hint: string) => (
    <label className="choice paid-part__choice">
      <input
        type="radio"
        name={`${id}-kind`}
        checked={kind === value}
        aria-describedby={`${id}-${value}-hint`}
        onChange={() => {
          setKind(value);
          // What was wrong was wrong of the kind chosen before: the new one starts clean.
          setErrors({});
        }}
      />
      <span>
        <span className="paid-part__label">{label}</span>
        <span className="paid-part__hint" id={`${id}-${value}-hint`}>
          {hint}
        </span>
      </span>
    </label>
  );

  const text = (
    field: "chapter_description" | "author_note",
    label: string,
    hint: string,
    value: string,
    set: (value: string) => void,
  ) => {
    const error = errors[field];
    return (
      <div className="field">
        <label htmlFor={`${id}-${field}`}>{label}</label>
        <textarea
          id={`${id}-${field}`}
          rows={3}
          maxLength={PAID_PART_TEXT_MAX}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={[`${id}-${field}-hint`, error && `${id}-${field}-error`]
            .filter(Boolean)
            .join(" ")}
          onChange={(event) => {
            set(event.target.value);
            setErrors((current) => ({ ...current, [field]: "" }));
          }}
        />
        <p className="field__hint paid-part__count" id={`${id}-${field}-hint`}>
          <span>{hint}</span>
          <span aria-hidden="true">{t.paidParts.count(value.length)}</span>
          <span className="visually-hidden">{t.paidParts.countLabel(value.length)}</span>
        </p>
        {error && (
          <p className="field__error" id={`${id}-${field}-error`}>
            {error}
          </p>
        )}
      </div>
    );
  };

  const kinds = t.paidParts.kinds;
  if (confirmingFree) {
    return (
      <form className="modal__form paid-part" onSubmit={save} noValidate>
        <p>{t.paidParts.removeQuestion(title)}</p>
        <div className="modal__actions">
          <ScriptButton
            className="button"
            onClick={() => {
              setConfirmingFree(false);
              if (kind === "free") setKind(kindOf(config));
            }}
          >
            {t.paidParts.keepPaid}
          </ScriptButton>
          <BusyButton className="button button--danger" type="submit" busy={saving}>
            {saving ? t.paidParts.saving : t.paidParts.remove}
          </BusyButton>
        </div>
        <Toast message={failed ? t.paidParts.failed : null} onDismiss={() => setFailed(false)} />
      </form>
    );
  }
  return (
    <form className="modal__form paid-part" onSubmit={save} noValidate>
      <fieldset
        className="choice-list"
        aria-describedby={errors.bonus_type ? `${id}-kind-error` : undefined}
      >
        <legend className="paid-part__legend">{t.paidParts.kindLegend}</legend>
        {choice("free", kinds.free.label, kinds.free.hint)}
        {choice("paid_story", kinds.paid_story.label(PAID_STORY_PART_PRICE), kinds.paid_story.hint)}
        {choice("exclusive", kinds.exclusive.label(bonusPrice(0)), kinds.exclusive.hint)}
        {choice("reveal", kinds.reveal.label(bonusPrice(2)), kinds.reveal.hint)}
      </fieldset>
      {errors.bonus_type && (
        <p className="field__error" id={`${id}-kind-error`}>
          {errors.bonus_type}
        </p>
      )}
      {bonusType !== null && (
        <>
          {text(
            "chapter_description",
            t.paidParts.description,
            t.paidParts.descriptionHint,
            description,
            setDescription,
          )}
          {text(
            "author_note",
            t.paidParts.note,
            kind === "exclusive" ? t.paidParts.noteRequiredHint : t.paidParts.noteHint,
            note,
            setNote,
          )}
        </>
      )}
      <div className="modal__actions">
        <ScriptButton className="button" onClick={onClose}>
          {t.paidParts.cancel}
        </ScriptButton>
        {paidNow && (
          <ScriptButton className="button button--danger" onClick={() => setConfirmingFree(true)}>
            {t.paidParts.remove}
          </ScriptButton>
        )}
        <BusyButton className="button button--primary" type="submit" busy={saving}>
          {saving ? t.paidParts.saving : t.paidParts.save}
        </BusyButton>
      </div>
      <Toast message={failed ? t.paidParts.failed : null} onDismiss={() => setFailed(false)} />
    </form>
  );
}

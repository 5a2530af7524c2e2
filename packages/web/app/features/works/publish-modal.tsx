import {
  formatZonedDate,
  latestScheduleTime,
  promisesReminder,
  SCHEDULE_STEP_MS,
} from "@inkwell/shared";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { browserApi, type Refusal } from "../../api/client.ts";
import { ErrorLine } from "../../components/alert.tsx";
import { BusyButton } from "../../components/busy-button.tsx";
import { CheckField } from "../../components/check-field.tsx";
import { FieldNotes, fieldDescribedBy } from "../../components/field-notes.tsx";
import { Modal } from "../../components/modal.tsx";
import { ScriptButton } from "../../components/script-button.tsx";
import { t } from "../../i18n/index.ts";
import { localInput } from "../../lib/datetime-local.ts";
import { useTimeZone, useZoneHint } from "../../lib/use-time-zone.ts";

/** The first quarter hour at least one step from now: the earliest time §5 allows. */
const earliest = () =>
  Math.ceil((Date.now() + SCHEDULE_STEP_MS) / SCHEDULE_STEP_MS) * SCHEDULE_STEP_MS;

/** The last quarter hour within a year from now: the latest time §5 allows. */
const latest = () =>
  Math.floor(latestScheduleTime(Date.now()) / SCHEDULE_STEP_MS) * SCHEDULE_STEP_MS;

/** How a save went: a refused one carries the server's message when it gave one. */
export type SaveOutcome = { ok: true } | { ok: false; message: string | null };

interface PublishModalProps {
  open: boolean;
  partId: number;
  scheduled: string | null;
  /** Opens on Schedule to publish later (the editor's scheduler flag) rather than Publish now. */
  scheduling?: boolean;
  /** Saves the part first: scheduling and publishing must never lose the latest text. */
  saveFirst: () => Promise<SaveOutcome>;
  onClose: () => void;
  onPublished: () => void;
  onScheduled: (datetime: string | null) => void;
}

/** Publish now, or schedule (§2, §4): errors inline in red, buttons off while working. */
export function PublishModal(props: PublishModalProps) {
  const { open, partId, scheduled, saveFirst, onClose } = props;
  const [mode, setMode] = useState<"now" | "later">(
    scheduled || props.scheduling ? "later" : "now",
  );
  const startTime = () => localInput(scheduled ? Date.parse(scheduled) : earliest());
  const [when, setWhen] = useState(startTime);
  const [consent, setConsent] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // A refusal takes focus where the writer pressed Publish or Schedule: an empty part, a
  // failed save, the server's reason are read out and in sight before the next try.
  const errorLine = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (error) errorLine.current?.focus();
  }, [error]);
  const timeZone = useTimeZone();
  // The picker reads its value on the writer's own clock: the hint names that clock's zone.
  const zoneHint = useZoneHint();

  // The editor may stay open long after the earliest time it saw: each opening starts from
  // the part's schedule or from the earliest time now, which is also what closing resets (§4).
  // Set while rendering the opening, not in an effect after it, so no frame shows the time
  // the last opening left.
  const [shownOpen, setShownOpen] = useState(open);
  if (open !== shownOpen) {
    setShownOpen(open);
    if (open) setWhen(startTime());
  }

  function close() {
    setError(null);
    onClose();
  }

  /** Saves, then acts; a failed save stops there with its own message, else `fallback` (§5). */
  async function run(action: () => Promise<string | null>, fallback: string) {
    setBusy(true);
    setError(null);
    const saved = await saveFirst();
    const failure = saved.ok
      ? await action().catch(() => t.works.actionFailed)
      : (saved.message ?? fallback);
    setBusy(false);
    if (failure) setError(failure);
  }

  const message = (refusal: Refusal, fallback: string) => refusal.message ?? fallback;

  const publish = () =>
    run(async () => {
      const result = await browserApi().publishPart(partId);
      if (!result.ok) return message(result.refusal, t.works.publishModal.publishFailed);
      props.onPublished();
      return null;
    }, t.works.publishModal.publishFailed);

  const schedule = (event: FormEvent) => {
    event.preventDefault();
    // The field already says what is wrong with the time.
    if (whenProblem) return;
    return run(async () => {
      const result = await browserApi().schedulePart(partId, new Date(when).toISOString());
      if (!result.ok) return message(result.refusal, t.works.publishModal.scheduleFailed);
      if (!result.value.part_id || !result.value.scheduled_datetime) {
        return t.works.publishModal.scheduleFailed;
      }
      props.onScheduled(result.value.scheduled_datetime);
      return null;
    }, t.works.publishModal.scheduleFailed);
  };

  const unschedule = () =>
    run(async () => {
      const result = await browserApi().unschedulePart(partId);
      if (!result.ok || !result.value.success) return t.works.publishModal.unscheduleFailed;
      props.onScheduled(null);
      return null;
    }, t.works.publishModal.unscheduleFailed);

  const earliestTime = earliest();
  const latestTime = latest();
  const chosen = new Date(when).getTime();
  // Schedule stays off while there is no time or it is out of bounds: say why, and which
  // times are allowed.
  const whenProblem = !when
    ? t.works.publishModal.dateRequired
    : chosen < earliestTime
      ? t.works.publishModal.tooSoon(formatZonedDate(earliestTime, timeZone))
      : chosen > latestTime
        ? t.works.publishModal.tooLate(formatZonedDate(latestTime, timeZone))
        : null;
  const whenNotes = { id: "publish-when", hint: zoneHint, error: whenProblem };
  return (
    <Modal open={open} title={t.works.publishModal.title} onClose={close} closable={!busy}>
      <form className="modal__form publish-modal" onSubmit={schedule} noValidate>
        <fieldset className="field publish-modal__modes">
          <legend className="visually-hidden">{t.works.publishModal.title}</legend>
          <label>
            <input
              type="radio"
              name="publish-mode"
              checked={mode === "now"}
              onChange={() => setMode("now")}
            />
            {t.works.publishModal.now}
          </label>
          <label>
            <input
              type="radio"
              name="publish-mode"
              checked={mode === "later"}
              onChange={() => setMode("later")}
            />
            {t.works.publishModal.later}
          </label>
        </fieldset>
        {mode === "later" && (
          <>
            <div className="field">
              <label htmlFor="publish-when">{t.works.publishModal.when}</label>
              <input
                id="publish-when"
                type="datetime-local"
                value={when}
                min={localInput(earliestTime)}
                max={localInput(latestTime)}
                step={SCHEDULE_STEP_MS / 1000}
                aria-invalid={whenProblem !== null || undefined}
                aria-describedby={fieldDescribedBy(whenNotes)}
                onChange={(event) => setWhen(event.target.value)}
              />
              <FieldNotes {...whenNotes} />
            </div>
            <CheckField
              id="publish-consent"
              label={t.works.publishModal.consent}
              checked={consent}
              onChecked={setConsent}
            />
          </>
        )}
        <ErrorLine text={error} ref={errorLine} />
        <div className="modal__actions">
          <BusyButton className="button" busy={busy} onClick={close}>
            {t.works.cancel}
          </BusyButton>
          {mode === "now" ? (
            <BusyButton
              className="button button--primary"
              type="button"
              busy={busy}
              onClick={publish}
            >
              {t.works.publishModal.publish}
            </BusyButton>
          ) : (
            <>
              {scheduled && (
                <BusyButton className="button" type="button" busy={busy} onClick={unschedule}>
                  {t.works.publishModal.unschedule}
                </BusyButton>
              )}
              <BusyButton
                className="button button--primary"
                type="submit"
                disabled={!consent || whenProblem !== null}
                busy={busy}
              >
                {t.works.publishModal.schedule}
              </BusyButton>
            </>
          )}
        </div>
      </form>
    </Modal>
  );
}

/** 'Your part is scheduled!' with the next steps, Change schedule and Continue. */
export function ScheduledModal({
  scheduled,
  onChange,
  onClose,
}: {
  scheduled: string | null;
  onChange: () => void;
  onClose: () => void;
}) {
  // The writer's clock, as the picker they just used: this modal only opens in the browser.
  const timeZone = useTimeZone();
  const reminded =
    scheduled !== null && promisesReminder(Date.parse(scheduled), Date.now(), timeZone);
  return (
    <Modal open={scheduled !== null} title={t.works.publishModal.scheduledTitle} onClose={onClose}>
      <div className="modal__form">
        <p>{t.works.publishModal.scheduledFor(formatZonedDate(scheduled ?? 0, timeZone))}</p>
        <ul>
          {t.works.publishModal.nextSteps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ul>
        {reminded && <p>{t.works.publishModal.reminder}</p>}
        <div className="modal__actions">
          <ScriptButton className="button" onClick={onChange}>
            {t.works.editor.changeSchedule}
          </ScriptButton>
          <ScriptButton className="button button--primary" onClick={onClose}>
            {t.works.publishModal.continue}
          </ScriptButton>
        </div>
      </div>
    </Modal>
  );
}

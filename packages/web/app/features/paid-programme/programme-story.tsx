import {
  PAID_PROGRAMME_FREE_PARTS,
  type PaidProgrammePart,
  type PaidProgrammeView,
  type StorySale,
  salePrice,
} from "@inkwell/shared";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { browserApi, type Refusal } from "../../api/client.ts";
import { type AlertMessage, LiveAlert, useLiveMessage } from "../../components/alert.tsx";
import { ConfirmModal } from "../../components/confirm-modal.tsx";
import { TextField } from "../../components/text-field.tsx";
import { t } from "../../i18n/index.ts";
import "../../styles/paid-programme.css";
import { BusyButton } from "../../components/busy-button.tsx";
import { ScriptButton } from "../../components/script-button.tsx";
import { SaleSettings } from "./sale-settings.tsx";

const text = t.paidProgramme;

/** What the failed call said, or the generic failure when it said nothing (or never came). */
const refusalText = (refusal: Refusal | undefined) => refusal?.message ?? text.failed;

/** A part's list price, and what it costs while a sale is on. */
function PartPrice({ part, sale }: { part: PaidProgrammePart; sale: StorySale | null }) {
  if (part.price === null) return <span className="paid-manager__price">{text.free}</span>;
  const price = sale
    ? text.salePrice(part.price, salePrice(part.price, sale.percent))
    : text.price(part.price);
  return (
    <span className="paid-manager__price paid-manager__price--paid">
      {part.bonusType ? `${part.bonusType} · ${price}` : price}
    </span>
  );
}

/** A story in the paid story manager: where it stands, its parts' prices, and the one change. */
export function ProgrammeStory({ initial }: { initial: PaidProgrammeView }) {
  const [view, setView] = useState(initial);
  const [freeParts, setFreeParts] = useState(String(PAID_PROGRAMME_FREE_PARTS.default));
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [outcome, setOutcome] = useLiveMessage<AlertMessage>();
  const [saving, setSaving] = useState(false);
  const [confirming, setConfirming] = useState(false);
  // Joining or leaving swaps the button pressed for the other one: focus follows it there,
  // where it would otherwise fall back to the page's top.
  const swapped = useRef<HTMLButtonElement>(null);
  const [focusSwapped, setFocusSwapped] = useState(false);
  useEffect(() => {
    if (!focusSwapped) return;
    swapped.current?.focus();
    setFocusSwapped(false);
  }, [focusSwapped]);

  async function join(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaving(true);
    const count = freeParts.trim();
    const result = await browserApi()
      .joinPaidProgramme(view.storyId, /^\d+$/.test(count) ? Number(count) : Number.NaN)
      .catch(() => null);
    setSaving(false);
    if (result?.ok) {
      setView(result.value);
      setFieldError(undefined);
      setOutcome({ tone: "success", text: text.joined });
      setFocusSwapped(true);
      return;
    }
    const onField = result?.refusal.fields?.freeParts;
    setFieldError(onField);
    setOutcome(onField ? null : { tone: "danger", text: refusalText(result?.refusal) });
  }

  async function leave() {
    setSaving(true);
    const result = await browserApi()
      .leavePaidProgramme(view.storyId)
      .catch(() => null);
    setSaving(false);
    setConfirming(false);
    if (result?.ok) {
      setView(result.value);
      setOutcome({ tone: "success", text: text.left });
      setFocusSwapped(true);
    } else {
      setOutcome({ tone: "danger", text: refusalText(result?.refusal) });
    }
  }

  return (
    <article className="raised-section paid-manager" aria-labelledby="paid-manager-title">
      <header className="paid-manager__head">
        <h2 id="paid-manager-title">
          <a href={view.url}>{view.title}</a>
        </h2>
        <p className="paid-manager__meta">{text.by(view.author)}</p>
        <p className="paid-manager__badges">
          <span className={view.isPaid ? "badge badge--original" : "badge"}>
            {view.isPaid ? text.inProgramme : text.outside}
          </span>
          {view.draft && <span className="badge">{text.draftStory}</span>}
          {view.deleted && <span className="badge">{text.deletedStory}</span>}
        </p>
        <p className="paid-manager__meta">{text.sales(view.sales.readers, view.sales.coins)}</p>
      </header>

      <LiveAlert message={outcome} />

      {view.isPaid ? (
        <ScriptButton
          ref={swapped}
          className="button button--danger-quiet paid-manager__leave"
          onClick={() => setConfirming(true)}
        >
          {text.leave}
        </ScriptButton>
      ) : view.deleted ? (
        <p>{text.deletedNote}</p>
      ) : (
        <form className="admin-form" onSubmit={join} noValidate>
          <TextField
            id="paid-manager-free-parts"
            label={text.freeParts}
            inputMode="numeric"
            value={freeParts}
            onValue={(value) => {
              setFreeParts(value);
              setFieldError(undefined);
            }}
            hint={text.freePartsHint}
            error={fieldError}
            required
          />
          <BusyButton ref={swapped} className="button button--primary" type="submit" busy={saving}>
            {saving ? text.saving : text.join}
          </BusyButton>
        </form>
      )}

      {view.isPaid && (
        <section className="paid-manager__sale" aria-labelledby="paid-manager-sale">
          <h3 id="paid-manager-sale">{text.saleHeading}</h3>
          <SaleSettings
            sale={view.sale}
            save={(input) => browserApi().setStorySale(view.storyId, input)}
            end={() => browserApi().endStorySale(view.storyId)}
            onSaved={setView}
          />
        </section>
      )}

      <section className="paid-manager__parts" aria-labelledby="paid-manager-parts">
        <h3 id="paid-manager-parts">{text.partsHeading}</h3>
        {view.parts.length === 0 ? (
          <p>{text.noParts}</p>
        ) : (
          <ol>
            {view.parts.map((part) => (
              <li key={part.id}>
                <span className="paid-manager__part">
                  {part.title}
                  {part.draft && <span className="paid-manager__draft">{text.draftPart}</span>}
                </span>
                <PartPrice part={part} sale={view.sale} />
              </li>
            ))}
          </ol>
        )}
      </section>

      <ConfirmModal
        open={confirming}
        title={text.leaveTitle}
        text={text.leaveText}
        cancelLabel={text.cancel}
        confirmLabel={text.leave}
        tone="danger"
        busy={saving}
        onCancel={() => setConfirming(false)}
        onConfirm={leave}
      />
    </article>
  );
}

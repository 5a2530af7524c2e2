import {
  formatZonedDate,
  SALE_DAYS_MAX,
  type StorySale,
  type StorySaleInput,
  saleErrors,
} from "@inkwell/shared";
import { type FormEvent, useEffect, useId, useState } from "react";
import type { Outcome as CallOutcome } from "../../api/client.ts";
import { type AlertMessage, LiveAlert, useLiveMessage } from "../../components/alert.tsx";
import { TextField } from "../../components/text-field.tsx";
import { t } from "../../i18n/index.ts";
import { useTimeZone } from "../../lib/use-time-zone.ts";
import "../../styles/sale-settings.css";
import { BusyButton } from "../../components/busy-button.tsx";

const text = t.paidProgramme;

/** A day on the browser's own calendar, as a date input takes it: "2026-12-04". */
function localDay(date: Date): string {
  const two = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}`;
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000);

/** A sale runs to the end of its last day, on the browser's clock ("" when no day is chosen). */
const endOfDay = (day: string): string => {
  const end = new Date(`${day}T23:59:59`);
  return Number.isNaN(end.getTime()) ? "" : end.toISOString();
};

/**
 * A paid story's sale (decision 052): what is on, and a form that starts or changes it
 * (percent off and last day), or ends it now. Staff use it in the paid story manager and
 * writers in their story editor (054); each passes the calls it makes and takes what the
 * server answers.
 */
export function SaleSettings<T>({
  sale,
  save: saveSale,
  end: endSale,
  onSaved,
}: {
  sale: StorySale | null;
  save: (input: StorySaleInput) => Promise<CallOutcome<T>>;
  end: () => Promise<CallOutcome<T>>;
  onSaved: (answer: T) => void;
}) {
  const id = useId();
  const timeZone = useTimeZone();
  const [percent, setPercent] = useState(String(sale?.percent ?? 25));
  // The day is the browser's: set after hydration, so the server's HTML never disagrees.
  const [day, setDay] = useState("");
  const [limits, setLimits] = useState<{ min: string; max: string } | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [outcome, setOutcome] = useLiveMessage<AlertMessage>();
  const [saving, setSaving] = useState(false);
  const saleEnd = sale?.endsAt;
  useEffect(() => {
    // A sale on is changed from its own last day; a new one starts a week long.
    setDay(localDay(saleEnd ? new Date(saleEnd) : inDays(7)));
    setLimits({ min: localDay(new Date()), max: localDay(inDays(SALE_DAYS_MAX - 1)) });
  }, [saleEnd]);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input: StorySaleInput = {
      percent: /^\d+$/.test(percent.trim()) ? Number(percent) : Number.NaN,
      endsAt: endOfDay(day),
    };
    const found = saleErrors(input, Date.now());
    setErrors(found);
    setOutcome(null);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    const result = await saveSale(input).catch(() => null);
    setSaving(false);
    if (result?.ok) {
      setOutcome({ tone: "success", text: sale ? text.saleChanged : text.saleStarted });
      onSaved(result.value);
      return;
    }
    const fields = result?.refusal.fields ?? {};
    setErrors(fields);
    if (!fields.percent && !fields.endsAt) {
      setOutcome({ tone: "danger", text: result?.refusal.message ?? text.failed });
    }
  }

  async function end() {
    setSaving(true);
    const result = await endSale().catch(() => null);
    setSaving(false);
    if (result?.ok) {
      setOutcome({ tone: "success", text: text.saleEnded });
      onSaved(result.value);
    } else {
      setOutcome({ tone: "danger", text: result?.refusal.message ?? text.failed });
    }
  }

  return (
    <div className="sale-settings">
      <p>
        {sale ? text.saleOn(sale.percent, formatZonedDate(sale.endsAt, timeZone)) : text.saleNone}
      </p>
      <LiveAlert message={outcome} />
      <form className="admin-form" onSubmit={save} noValidate>
        <div className="sale-settings__fields">
          <TextField
            id={`${id}-percent`}
            label={text.salePercent}
            inputMode="numeric"
            value={percent}
            onValue={(value) => {
              setPercent(value);
              setErrors((current) => ({ ...current, percent: "" }));
            }}
            hint={text.salePercentHint}
            error={errors.percent}
            required
          />
          <TextField
            id={`${id}-day`}
            label={text.saleLastDay}
            type="date"
            value={day}
            min={limits?.min}
            max={limits?.max}
            onValue={(value) => {
              setDay(value);
              setErrors((current) => ({ ...current, endsAt: "" }));
            }}
            hint={text.saleLastDayHint}
            error={errors.endsAt}
            required
          />
        </div>
        <div className="sale-settings__actions">
          <BusyButton className="button button--primary" type="submit" busy={saving}>
            {saving ? text.saving : sale ? text.changeSale : text.startSale}
          </BusyButton>
          {sale && (
            <BusyButton className="button" type="button" busy={saving} onClick={end}>
              {text.endSale}
            </BusyButton>
          )}
        </div>
      </form>
    </div>
  );
}

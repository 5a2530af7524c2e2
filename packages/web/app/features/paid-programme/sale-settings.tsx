import {
  formatZonedDate,
  type PaidProgrammeView,
  SALE_DAYS_MAX,
  type StorySaleInput,
  saleErrors,
} from "@inkwell/shared";
import { type FormEvent, useEffect, useState } from "react";
import { browserApi } from "../../api/client.ts";
import { Alert } from "../../components/alert.tsx";
import { TextField } from "../../components/text-field.tsx";
import { t } from "../../i18n/index.ts";
import { useTimeZone } from "../../lib/use-time-zone.ts";

const text = t.paidProgramme;

type Outcome = { tone: "success" | "danger"; message: string } | null;

/** A day on the browser's own calendar, as a date input takes it: "2026-12-04". */
function localDay(date: Date): string {
  const two = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}`;
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000);

/** A sale runs to the end of its last day, on the admin's clock ("" when no day is chosen). */
const endOfDay = (day: string): string => {
  const end = new Date(`${day}T23:59:59`);
  return Number.isNaN(end.getTime()) ? "" : end.toISOString();
};

/**
 * A paid story's sale in the paid story manager (decision 052): what is on, and a form that
 * starts or changes it (percent off and last day), or ends it now.
 */
export function SaleSettings({
  view,
  onView,
}: {
  view: PaidProgrammeView;
  onView: (view: PaidProgrammeView) => void;
}) {
  const timeZone = useTimeZone();
  const [percent, setPercent] = useState(String(view.sale?.percent ?? 25));
  // The day is the browser's: set after hydration, so the server's HTML never disagrees.
  const [day, setDay] = useState("");
  const [limits, setLimits] = useState<{ min: string; max: string } | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [saving, setSaving] = useState(false);
  const saleEnd = view.sale?.endsAt;
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
    const result = await browserApi()
      .setStorySale(view.storyId, input)
      .catch(() => null);
    setSaving(false);
    if (result?.ok) {
      setOutcome({ tone: "success", message: view.sale ? text.saleChanged : text.saleStarted });
      onView(result.value);
      return;
    }
    const fields = result?.refusal.fields ?? {};
    setErrors(fields);
    if (!fields.percent && !fields.endsAt) {
      setOutcome({ tone: "danger", message: result?.refusal.message ?? text.failed });
    }
  }

  async function end() {
    setSaving(true);
    const result = await browserApi()
      .endStorySale(view.storyId)
      .catch(() => null);
    setSaving(false);
    if (result?.ok) {
      setOutcome({ tone: "success", message: text.saleEnded });
      onView(result.value);
    } else {
      setOutcome({ tone: "danger", message: result?.refusal.message ?? text.failed });
    }
  }

  return (
    <section className="paid-manager__sale" aria-labelledby="paid-manager-sale">
      <h3 id="paid-manager-sale">{text.saleHeading}</h3>
      <p>
        {view.sale
          ? text.saleOn(view.sale.percent, formatZonedDate(view.sale.endsAt, timeZone))
          : text.saleNone}
      </p>
      {outcome && <Alert tone={outcome.tone}>{outcome.message}</Alert>}
      <form className="admin-form" onSubmit={save} noValidate>
        <div className="paid-manager__sale-fields">
          <TextField
            id="paid-manager-sale-percent"
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
            id="paid-manager-sale-day"
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
        <div className="paid-manager__sale-actions">
          <button className="button button--primary" type="submit" disabled={saving}>
            {saving ? text.saving : view.sale ? text.changeSale : text.startSale}
          </button>
          {view.sale && (
            <button className="button" type="button" disabled={saving} onClick={end}>
              {text.endSale}
            </button>
          )}
        </div>
      </form>
    </section>
  );
}

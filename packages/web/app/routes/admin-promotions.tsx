import {
  formatZonedDate,
  isStaffOrAdmin,
  type PromotionSummary,
  SPONSOR_NAME_MAX,
  storyIdFrom,
} from "@inkwell/shared";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { redirect } from "react-router";
import { browserApi } from "../api/client.ts";
import { apiContext } from "../api/context.ts";
import { Alert, type AlertMessage, LiveAlert, useLiveMessage } from "../components/alert.tsx";
import { BusyButton } from "../components/busy-button.tsx";
import { ConfirmModal } from "../components/confirm-modal.tsx";
import { ScriptButton } from "../components/script-button.tsx";
import { TextField } from "../components/text-field.tsx";
import { t } from "../i18n/index.ts";
import { isoFromLocal, localInput } from "../lib/datetime-local.ts";
import { notFoundResponse } from "../lib/route-data.ts";
import { useTimeZone, useZoneHint } from "../lib/use-time-zone.ts";
import type { Route } from "./+types/admin-promotions";

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = context.get(apiContext);
  const user = request.headers.has("cookie") ? await api.currentUser() : null;
  if (!user) throw redirect(`/login?${new URLSearchParams({ nextUrl: "/admin/promotions" })}`);
  // Staff work: for anyone else the page is not there.
  if (!isStaffOrAdmin(user)) throw notFoundResponse();
  return { promotions: (await api.promotions()).promotions };
}

export const meta = () => [{ title: `${t.promotions.title} · ${t.brand}` }];

const FIELDS = ["storyId", "sponsorName", "startsAt", "endsAt"] as const;
type Field = (typeof FIELDS)[number];
const LABELS: Record<Field, string> = {
  storyId: t.promotions.story,
  sponsorName: t.promotions.sponsorName,
  startsAt: t.promotions.startsAt,
  endsAt: t.promotions.endsAt,
};
/** Each field's hint; the times' name the zone the campaigns' times are shown in. */
const hintsWith = (zoneHint: string): Record<Field, string> => ({
  storyId: t.promotions.storyHint,
  sponsorName: t.promotions.sponsorHint,
  startsAt: zoneHint,
  endsAt: zoneHint,
});

const WEEK_MS = 7 * 86_400_000;

/**
 * What the form can tell before it is sent, in staff's words: the server's own words name its
 * API's fields (sponsorName), for its clients.
 */
function formErrors(values: Record<Field, string>): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  if (storyIdFrom(values.storyId) === null) errors.storyId = t.promotions.storyInvalid;
  if (values.sponsorName.trim() === "") errors.sponsorName = t.promotions.sponsorMissing;
  if (values.startsAt === "") errors.startsAt = t.promotions.startsMissing;
  if (values.endsAt === "") errors.endsAt = t.promotions.endsMissing;
  return errors;
}

/**
 * /admin/promotions: staff sponsor a published story for a period, see each campaign's
 * impressions and clicks, and end one early (decision 036).
 */
export default function AdminPromotions({ loaderData }: Route.ComponentProps) {
  const timeZone = useTimeZone();
  const [promotions, setPromotions] = useState(loaderData.promotions);
  const [values, setValues] = useState<Record<Field, string>>({
    storyId: "",
    sponsorName: "",
    startsAt: "",
    endsAt: "",
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [saving, setSaving] = useState(false);
  const [message, setMessage] = useLiveMessage<AlertMessage>();
  const [ending, setEnding] = useState<PromotionSummary | null>(null);
  const [endFailed, setEndFailed] = useState(false);
  // End now is gone from an ended campaign: focus goes to its title and new status, not to the
  // page's body.
  const [endedId, setEndedId] = useState<number | null>(null);
  const endedHead = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (endedId !== null) endedHead.current?.focus();
  }, [endedId]);

  // The browser's clock, not the server's: the next full hour, for a week.
  useEffect(() => {
    const start = Math.ceil(Date.now() / 3_600_000) * 3_600_000;
    setValues((current) => ({
      ...current,
      startsAt: current.startsAt || localInput(start),
      endsAt: current.endsAt || localInput(start + WEEK_MS),
    }));
  }, []);

  // A refusal names its fields: focus goes to the first, which on a phone may be out of sight.
  function refuse(found: Partial<Record<Field, string>>) {
    setErrors(found);
    setMessage({ tone: "danger", text: t.promotions.failed });
    const first = FIELDS.find((field) => found[field]);
    if (first) document.getElementById(`promotion-${first}`)?.focus();
  }

  async function create(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const storyId = storyIdFrom(values.storyId);
    const found = formErrors(values);
    if (storyId === null || Object.keys(found).length > 0) {
      refuse(found);
      return;
    }
    setSaving(true);
    setMessage(null);
    const result = await browserApi()
      .createPromotion({
        storyId,
        sponsorName: values.sponsorName,
        startsAt: isoFromLocal(values.startsAt),
        endsAt: isoFromLocal(values.endsAt),
      })
      .catch(() => null);
    setSaving(false);
    if (result?.ok) {
      setPromotions([result.value, ...promotions]);
      setValues({ ...values, storyId: "", sponsorName: "" });
      setErrors({});
      setMessage({ tone: "success", text: t.promotions.created });
    } else {
      refuse(result?.refusal.fields ?? {});
    }
  }

  async function end(promotion: PromotionSummary) {
    const result = await browserApi()
      .endPromotion(promotion.id, new Date().toISOString())
      .catch(() => null);
    setEnding(null);
    if (result?.ok) {
      const ended = result.value;
      setPromotions(promotions.map((one) => (one.id === ended.id ? ended : one)));
      setEndedId(ended.id);
    }
    setEndFailed(!result?.ok);
  }

  const when = (iso: string) => formatZonedDate(iso, timeZone);
  const hints = hintsWith(useZoneHint());
  return (
    <section className="admin-page" aria-labelledby="promotions-heading">
      <h1 id="promotions-heading">{t.promotions.title}</h1>
      <p>{t.promotions.lead}</p>

      <h2>{t.promotions.formHeading}</h2>
      <LiveAlert message={message} />
      <form className="admin-form" onSubmit={create} noValidate>
        {FIELDS.map((field) => (
          <TextField
            key={field}
            id={`promotion-${field}`}
            label={LABELS[field]}
            type={field === "startsAt" || field === "endsAt" ? "datetime-local" : "text"}
            required
            maxLength={field === "sponsorName" ? SPONSOR_NAME_MAX : undefined}
            value={values[field]}
            hint={hints[field]}
            error={errors[field]}
            onValue={(value) => {
              setValues({ ...values, [field]: value });
              setMessage(null);
            }}
          />
        ))}
        <BusyButton className="button button--primary" type="submit" busy={saving}>
          {saving ? t.promotions.creating : t.promotions.create}
        </BusyButton>
      </form>

      <h2>{t.promotions.listHeading}</h2>
      {endFailed && <Alert tone="danger">{t.promotions.endFailed}</Alert>}
      {promotions.length === 0 ? (
        <p>{t.promotions.none}</p>
      ) : (
        <ul className="promotion-list" aria-label={t.promotions.listHeading}>
          {promotions.map((promotion) => (
            <li key={promotion.id} className="promotion">
              <p
                className="promotion__head"
                ref={promotion.id === endedId ? endedHead : undefined}
                tabIndex={promotion.id === endedId ? -1 : undefined}
              >
                <a href={promotion.story.url}>{promotion.story.title}</a>
                <span className={`promotion__status promotion__status--${promotion.status}`}>
                  {t.promotions.status[promotion.status]}
                </span>
              </p>
              <p>{t.promotions.sponsoredBy(promotion.sponsorName)}</p>
              <p className="promotion__meta">
                {t.promotions.period(when(promotion.startsAt), when(promotion.endsAt))}
              </p>
              <p className="promotion__meta">
                {t.promotions.counts(promotion.impressions, promotion.clicks)}
              </p>
              {promotion.status !== "ended" && (
                <ScriptButton className="button" onClick={() => setEnding(promotion)}>
                  {t.promotions.endNow}
                </ScriptButton>
              )}
            </li>
          ))}
        </ul>
      )}
      <ConfirmModal
        open={ending !== null}
        title={t.promotions.endTitle}
        text={t.promotions.endText(ending?.story.title ?? "")}
        cancelLabel={t.promotions.keep}
        confirmLabel={t.promotions.endNow}
        tone="danger"
        onCancel={() => setEnding(null)}
        onConfirm={() => ending && end(ending)}
      />
    </section>
  );
}

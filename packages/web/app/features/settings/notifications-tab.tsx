import {
  ACTIVITY_ALERTS,
  ALERT_KINDS,
  type AlertKind,
  alertMaskOf,
  type CurrentUser,
  UPDATE_ALERTS,
} from "@inkwell/shared";
import { type FormEvent, useState } from "react";
import { browserApi } from "../../api/client.ts";
import { CheckField } from "../../components/check-field.tsx";
import { t } from "../../i18n/index.ts";
import { SaveRow } from "./save-row.tsx";

type Group = "alerts" | "alertssub";

const GROUPS: ReadonlyArray<{ group: Group; kinds: readonly AlertKind[] }> = [
  { group: "alerts", kinds: ACTIVITY_ALERTS },
  { group: "alertssub", kinds: UPDATE_ALERTS },
];

/**
 * The notifications form (accounts §3): two email-alert switches, each with the kinds of
 * alert under it (the alertssubmask), and the newsletter. A switched-off group keeps its
 * kinds' choices for when it is switched on again.
 */
export function NotificationsTab({ user }: { user: CurrentUser }) {
  const saved = user.notificationSettings;
  const [said, setSaid] = useState<string | null>(null);
  const [groups, setGroups] = useState({ alerts: saved.alerts, alertssub: saved.alertssub });
  const [kinds, setKinds] = useState(
    () =>
      new Set(
        (Object.keys(ALERT_KINDS) as AlertKind[]).filter(
          (kind) => (saved.alertssubmask & ALERT_KINDS[kind]) !== 0,
        ),
      ),
  );

  const toggleKind = (kind: AlertKind, on: boolean) =>
    setKinds((current) => {
      const next = new Set(current);
      if (on) next.add(kind);
      else next.delete(kind);
      return next;
    });

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    // Emptied as the save goes out: the same result again would otherwise go unsaid.
    setSaid(null);
    const result = await browserApi()
      .updateNotifications(user.username, {
        id: user.id,
        ...groups,
        subscribe: data.get("subscribe") === "on",
        alertssubmask: alertMaskOf(kinds),
      })
      // Offline, or the connection lost: not saved, and said so like a refusal.
      .catch(() => null);
    setSaid(result?.ok ? t.settings.saved : t.settings.notSaved(result?.refusal.message ?? ""));
  }

  return (
    <form className="settings-form" onSubmit={save}>
      <p className="settings-form__note">{t.settings.notifications.digest}</p>
      {GROUPS.map(({ group, kinds: ofGroup }) => (
        <div className="notification-group" key={group}>
          <CheckField
            id={`settings-${group}`}
            name={group}
            label={t.settings.notifications[group]}
            checked={groups[group]}
            onChecked={(checked) => setGroups({ ...groups, [group]: checked })}
          />
          <fieldset
            className="notification-group__kinds"
            disabled={!groups[group]}
            aria-label={t.settings.notifications.kindsOf(t.settings.notifications[group])}
          >
            {ofGroup.map((kind) => (
              <CheckField
                key={kind}
                id={`settings-alert-${kind}`}
                label={t.settings.notifications.kinds[kind]}
                checked={kinds.has(kind)}
                onChecked={(checked) => toggleKind(kind, checked)}
              />
            ))}
          </fieldset>
        </div>
      ))}
      <CheckField
        id="settings-subscribe"
        name="subscribe"
        label={t.settings.notifications.subscribe}
        defaultChecked={saved.subscribe}
      />
      <SaveRow said={said} />
    </form>
  );
}

import type { CurrentUser } from "@inkwell/shared";
import type { FormEvent } from "react";
import { browserApi } from "../../api/client.ts";
import { t } from "../../i18n/index.ts";

const CHOICES = ["alerts", "alertssub", "subscribe"] as const;

export function NotificationsTab({
  user,
  notify,
}: {
  user: CurrentUser;
  notify: (message: string) => void;
}) {
  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const settings = {
      alerts: data.get("alerts") === "on",
      alertssub: data.get("alertssub") === "on",
      subscribe: data.get("subscribe") === "on",
    };
    const result = await browserApi().updateNotifications(user.username, settings);
    notify(result.ok ? t.settings.saved : t.settings.notSaved(result.refusal.message ?? ""));
  }
  return (
    <form className="settings-form" onSubmit={save}>
      {CHOICES.map((choice) => (
        <div className="field field--check" key={choice}>
          <input
            id={`settings-${choice}`}
            name={choice}
            type="checkbox"
            defaultChecked={user.notificationSettings[choice]}
          />
          <label htmlFor={`settings-${choice}`}>{t.settings.notifications[choice]}</label>
        </div>
      ))}
      <button className="button button--primary" type="submit">
        {t.settings.save}
      </button>
    </form>
  );
}

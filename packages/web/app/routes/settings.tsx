import { useEffect, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { redirect, useRevalidator } from "react-router";
import { apiContext } from "../api/context.ts";
import { Alert } from "../components/alert.tsx";
import { MyReports } from "../features/reports/my-reports.tsx";
import { ContentPreferences } from "../features/safety/content-preferences.tsx";
import { SafetyList } from "../features/safety/safety-list.tsx";
import { AccountTab } from "../features/settings/account-tab.tsx";
import { NotificationsTab } from "../features/settings/notifications-tab.tsx";
import { t } from "../i18n/index.ts";
import { useRowInSight } from "../lib/use-row-in-sight.ts";
import type { Route } from "./+types/settings";
import "../styles/settings.css";

const TABS = ["account", "notifications", "content", "mute", "block", "reports"] as const;
type Tab = (typeof TABS)[number];
const isTab = (value: string): value is Tab => (TABS as readonly string[]).includes(value);
const tabLabel = (tab: Tab) => (tab === "reports" ? t.reports.settingsTab : t.settings.tabs[tab]);

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = request.headers.has("cookie") ? await context.get(apiContext).currentUser() : null;
  if (!user) throw redirect(`/login?${new URLSearchParams({ nextUrl: "/settings" })}`);
  // §8: a content-settings failure is the Content tab's error; the other tabs still work.
  const contentSettings = await context
    .get(apiContext)
    .contentSettings(user.username)
    .catch(() => null);
  return { user, contentSettings, today: new Date().toISOString().slice(0, 10) };
}

export const meta = () => [{ title: `${t.settings.title} · ${t.brand}` }];

/**
 * Settings, one tab per hash (#account, #notifications, #content, #mute, #block, #reports). The
 * tabs are links, so each is addressable and the browser's back button moves between them.
 */
export default function SettingsPage({ loaderData }: Route.ComponentProps) {
  const { user, contentSettings, today } = loaderData;
  const [tab, setTab] = useState<Tab>("account");
  const [toast, setToast] = useState<string | null>(null);
  const revalidator = useRevalidator();
  // What the Account tab's rows and modals come to (a form's Save says its own, beside it):
  // brought into sight, as a row may be below this line on a phone.
  const toastLine = useRef<HTMLParagraphElement>(null);
  const notify = (message: string) => {
    flushSync(() => setToast(message));
    toastLine.current?.scrollIntoView({ block: "nearest" });
  };

  useEffect(() => {
    const follow = () => {
      const hash = window.location.hash.slice(1);
      setTab(isTab(hash) ? hash : "account");
    };
    follow();
    window.addEventListener("hashchange", follow);
    return () => window.removeEventListener("hashchange", follow);
  }, []);

  // On a phone the tabs scroll sideways: the open one is brought into sight.
  const tabs = useRef<HTMLUListElement>(null);
  useRowInSight(tabs, tab);

  return (
    <section className="settings" aria-labelledby="settings-heading">
      <h1 id="settings-heading">{t.settings.title}</h1>
      <nav className="tab-links" aria-label={t.settings.title}>
        <ul ref={tabs}>
          {TABS.map((name) => (
            <li key={name}>
              <a
                href={`#${name}`}
                aria-current={tab === name ? "page" : undefined}
                data-label={tabLabel(name)}
              >
                {tabLabel(name)}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <p className="settings__toast live-region" role="status" ref={toastLine}>
        {toast}
      </p>
      <div className="settings__panel">
        <h2>{tabLabel(tab)}</h2>
        {tab === "account" && <AccountTab user={user} today={today} notify={notify} />}
        {tab === "notifications" && <NotificationsTab user={user} />}
        {tab === "content" && !contentSettings && (
          <Alert tone="danger">{t.safety.loadFailed}</Alert>
        )}
        {/* Kept while another tab is open: the preferences applied, and those not yet
            applied, are there on coming back (loaded afresh, it would show the page's load). */}
        {contentSettings && (
          <div hidden={tab !== "content"}>
            <ContentPreferences
              username={user.username}
              settings={contentSettings}
              onApplied={(_, matureChanged) => {
                // Mature stories come and go everywhere: load the page's data afresh, keeping
                // the panel's word that it was applied and the focus on Apply.
                if (matureChanged) revalidator.revalidate();
              }}
            />
          </div>
        )}
        {tab === "mute" && <SafetyList kind="mute" username={user.username} />}
        {tab === "block" && <SafetyList kind="block" username={user.username} />}
        {tab === "reports" && <MyReports username={user.username} />}
      </div>
    </section>
  );
}

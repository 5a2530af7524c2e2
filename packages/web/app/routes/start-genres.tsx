import { toggleGenre } from "@inkwell/shared";
import { useEffect, useState } from "react";
import { redirect, useNavigate } from "react-router";
import { browserApi } from "../api/client.ts";
import { apiContext } from "../api/context.ts";
import { BROWSE_TOPICS } from "../components/browse-topics.ts";
import { ScriptButton } from "../components/script-button.tsx";
import { Toast } from "../components/toast.tsx";
import { t } from "../i18n/index.ts";
import type { Route } from "./+types/start-genres";

/** reader.md §4: the too-many-genres toast stays 5 seconds. */
const TOAST_MS = 5_000;

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = context.get(apiContext);
  const user = request.headers.has("cookie") ? await api.currentUser() : null;
  if (!user) throw redirect(`/login?${new URLSearchParams({ nextUrl: "/start/genres" })}`);
  return { username: user.username, name: user.name || user.username };
}

export const meta = () => [{ title: `${t.onboarding.title} · ${t.brand}` }];

/**
 * Genre onboarding after sign-up (reader.md §2, §4): up to three genres, then Finish saves
 * them and goes on to /start/success whether or not the save worked, as the spec asks.
 */
export default function StartGenres({ loaderData }: Route.ComponentProps) {
  const { username, name } = loaderData;
  const [chosen, setChosen] = useState<string[]>([]);
  const [refused, setRefused] = useState(0);
  const [saving, setSaving] = useState(false);
  const navigate = useNavigate();

  // Each refusal restarts the toast's 5 seconds.
  useEffect(() => {
    if (refused === 0) return;
    const timer = setTimeout(() => setRefused(0), TOAST_MS);
    return () => clearTimeout(timer);
  }, [refused]);

  const toggle = (tag: string) => {
    const result = toggleGenre(chosen, tag);
    setChosen(result.chosen);
    if (result.refused) setRefused((count) => count + 1);
  };

  const finish = async () => {
    setSaving(true);
    await browserApi()
      .savePreferredTags(username, chosen)
      .catch((error: unknown) => console.error(error));
    navigate("/start/success");
  };

  return (
    <section className="onboarding" aria-labelledby="onboarding-heading">
      <h1 id="onboarding-heading">{t.onboarding.greeting(name)}</h1>
      <p>{t.onboarding.intro}</p>
      <ul className="genre-list" aria-label={t.onboarding.genres}>
        {BROWSE_TOPICS.map((genre) => (
          <li key={genre.tag}>
            <ScriptButton
              className="genre-tile genre-tile--choice"
              aria-pressed={chosen.includes(genre.tag)}
              onClick={() => toggle(genre.tag)}
            >
              {genre.label}
            </ScriptButton>
          </li>
        ))}
      </ul>
      {/* Over the page's lower edge: on a phone the tile tapped may be a screen above the list's end. */}
      <Toast message={refused > 0 ? t.onboarding.tooMany : null} onDismiss={() => setRefused(0)} />
      <ScriptButton
        className="button button--primary button--large"
        disabled={chosen.length === 0 || saving}
        onClick={finish}
      >
        {t.onboarding.finish}
      </ScriptButton>
    </section>
  );
}

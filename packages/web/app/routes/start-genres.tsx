import { toggleGenre } from "@inkwell/shared";
import { useEffect, useState } from "react";
import { redirect, useNavigate } from "react-router";
import { browserApi } from "../api/client.ts";
import { apiContext } from "../api/context.ts";
import { useLiveMessage } from "../components/alert.tsx";
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
  const [refusal, sayRefusal] = useLiveMessage<string>();
  const [saving, setSaving] = useState(false);
  const navigate = useNavigate();

  // Each refusal restarts the toast's 5 seconds: one said again is emptied first.
  useEffect(() => {
    if (refusal === null) return;
    const timer = setTimeout(() => sayRefusal(null), TOAST_MS);
    return () => clearTimeout(timer);
  }, [refusal, sayRefusal]);

  const toggle = (tag: string) => {
    const result = toggleGenre(chosen, tag);
    setChosen(result.chosen);
    if (result.refused) sayRefusal(t.onboarding.tooMany);
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
      <Toast message={refusal} onDismiss={() => sayRefusal(null)} />
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

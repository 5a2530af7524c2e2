import { WRITER_JOURNEY_PATH, writerJourneyStep } from "@inkwell/shared";
import { redirect } from "react-router";
import { apiContext } from "../api/context.ts";
import { JourneyStep } from "../features/writer-onboarding/journey-step.tsx";
import { t } from "../i18n/index.ts";
import { pageUrl } from "../lib/route-data.ts";
import type { Route } from "./+types/writer-journey";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const api = context.get(apiContext);
  const user = request.headers.has("cookie") ? await api.currentUser() : null;
  const path = pageUrl(request).pathname;
  if (!user) throw redirect(`/login?${new URLSearchParams({ nextUrl: path })}`);
  const step = writerJourneyStep(params["*"] ?? "");
  // Unknown routes below the questionnaire go back to its first question.
  if (step === null) throw redirect(WRITER_JOURNEY_PATH);
  return { step };
}

export const meta = () => [{ title: `${t.writerJourney.title} · ${t.brand}` }];

/**
 * The writer onboarding questionnaire (accounts-safety-messaging.md §2, §4) at
 * /start/writerjourney, /motivation and /motivation/novel#{motivation}.
 */
export default function WriterJourney({ loaderData }: Route.ComponentProps) {
  return <JourneyStep key={loaderData.step} step={loaderData.step} />;
}

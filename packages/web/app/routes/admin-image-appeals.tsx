import type { ImageAppealDecision, ImageFlag } from "@inkwell/shared";
import { isModerator } from "@inkwell/shared";
import { useState } from "react";
import { redirect } from "react-router";
import { browserApi } from "../api/client.ts";
import { apiContext } from "../api/context.ts";
import { ErrorLine } from "../components/alert.tsx";
import { BusyButton } from "../components/busy-button.tsx";
import { t } from "../i18n/index.ts";
import { notFoundResponse } from "../lib/route-data.ts";
import type { Route } from "./+types/admin-image-appeals";

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = context.get(apiContext);
  const user = request.headers.has("cookie") ? await api.currentUser() : null;
  if (!user) {
    throw redirect(`/login?${new URLSearchParams({ nextUrl: "/admin/image_appeals" })}`);
  }
  // The queue is not there at all for anyone who may not moderate.
  if (!isModerator(user)) throw notFoundResponse();
  return { appeals: (await api.imageAppeals()).appeals };
}

export const meta = () => [{ title: `${t.imageModeration.queueTitle} · ${t.brand}` }];

/** Moderators decide image appeals, oldest first (ours: the spec leaves staff tools unshown). */
export default function ImageAppeals({ loaderData }: Route.ComponentProps) {
  return (
    <section className="admin-queue" aria-labelledby="appeals-heading">
      <h1 id="appeals-heading">{t.imageModeration.queueTitle}</h1>
      {loaderData.appeals.length === 0 ? (
        <p>{t.imageModeration.queueEmpty}</p>
      ) : (
        <ul className="admin-queue__list">
          {loaderData.appeals.map((appeal) => (
            <AppealItem key={appeal.id} appeal={appeal} />
          ))}
        </ul>
      )}
    </section>
  );
}

function AppealItem({ appeal }: { appeal: ImageFlag }) {
  const [decided, setDecided] = useState<ImageAppealDecision | null>(null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);

  async function decide(decision: ImageAppealDecision) {
    setBusy(true);
    setFailed(false);
    const result = await browserApi()
      .decideImageAppeal(appeal.id, decision)
      .catch(() => null);
    setBusy(false);
    if (result?.ok) setDecided(decision);
    else setFailed(true);
  }

  const headingId = `appeal-${appeal.id}`;
  return (
    <li className="admin-queue__item" aria-labelledby={headingId}>
      <img className="admin-queue__image" src={appeal.imageUrl} alt="" width={96} />
      <div className="admin-queue__body">
        <h2 id={headingId}>{t.imageModeration.by(appeal.owner.username)}</h2>
        {appeal.storyId !== null && (
          <a href={`/story/${appeal.storyId}`}>/story/{appeal.storyId}</a>
        )}
        <blockquote>{appeal.appeal?.reason}</blockquote>
        {decided ? (
          <p role="status">{t.imageModeration.decided(decided)}</p>
        ) : (
          <div className="admin-queue__actions">
            <BusyButton
              type="button"
              className="button"
              busy={busy}
              onClick={() => void decide("restored")}
            >
              {t.imageModeration.restore}
            </BusyButton>
            <BusyButton
              type="button"
              className="button button--primary"
              busy={busy}
              onClick={() => void decide("upheld")}
            >
              {t.imageModeration.uphold}
            </BusyButton>
          </div>
        )}
        <ErrorLine text={failed && t.imageModeration.decideFailed} />
      </div>
    </li>
  );
}

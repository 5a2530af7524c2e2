import type { ImageAppealDecision, ImageFlag } from "@inkwell/shared";
import { isModerator } from "@inkwell/shared";
import { useEffect, useRef, useState } from "react";
import { redirect } from "react-router";
import { browserApi } from "../api/client.ts";
import { apiContext } from "../api/context.ts";
import { ConfirmModal } from "../components/confirm-modal.tsx";
import { ScriptButton } from "../components/script-button.tsx";
import { t } from "../i18n/index.ts";
import { notFoundResponse } from "../lib/route-data.ts";
import "../styles/admin-queue.css";
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
        <ul className="stack-list">
          {loaderData.appeals.map((appeal) => (
            <AppealItem key={appeal.id} appeal={appeal} />
          ))}
        </ul>
      )}
    </section>
  );
}

function AppealItem({ appeal }: { appeal: ImageFlag }) {
  const text = t.imageModeration;
  // An appeal is decided once (decision 022): each choice is asked again before it is sent.
  const [asking, setAsking] = useState<ImageAppealDecision | null>(null);
  const [decided, setDecided] = useState<ImageAppealDecision | null>(null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const outcome = useRef<HTMLParagraphElement>(null);
  // The buttons are gone once it is decided: focus goes to the line saying what was done.
  useEffect(() => {
    if (decided) outcome.current?.focus();
  }, [decided]);

  async function decide(decision: ImageAppealDecision) {
    setBusy(true);
    setFailed(false);
    const result = await browserApi()
      .decideImageAppeal(appeal.id, decision)
      .catch(() => null);
    setBusy(false);
    if (!result?.ok) {
      setFailed(true);
      return;
    }
    setAsking(null);
    setDecided(decision);
  }

  const headingId = `appeal-${appeal.id}`;
  return (
    <li className="admin-queue__item" aria-labelledby={headingId}>
      <img className="admin-queue__image" src={appeal.imageUrl} alt="" width={96} />
      <div className="admin-queue__body">
        {/* Named by what shows the image: one writer's appeals read apart at a glance. */}
        <h2 id={headingId}>
          {appeal.story ? (
            <a className="tap-target" href={`/story/${appeal.story.id}`}>
              {appeal.story.title}
            </a>
          ) : (
            <a className="tap-target" href={`/user/${encodeURIComponent(appeal.owner.username)}`}>
              {text.profileOf(appeal.owner.name)}
            </a>
          )}
        </h2>
        <p>{text.by(appeal.owner.username)}</p>
        <blockquote>{appeal.appeal?.reason}</blockquote>
        {decided ? (
          <p role="status" ref={outcome} tabIndex={-1}>
            {text.decided(decided)}
          </p>
        ) : (
          <div className="admin-queue__actions">
            <ScriptButton
              className="button"
              aria-describedby={headingId}
              onClick={() => setAsking("restored")}
            >
              {text.restore}
            </ScriptButton>
            <ScriptButton
              className="button button--primary"
              aria-describedby={headingId}
              onClick={() => setAsking("upheld")}
            >
              {text.uphold}
            </ScriptButton>
          </div>
        )}
      </div>
      <ConfirmModal
        open={asking !== null}
        title={asking === "restored" ? text.restoreTitle : text.upholdTitle}
        text={asking === "restored" ? text.restoreText : text.upholdText(appeal.owner.username)}
        cancelLabel={text.notYet}
        confirmLabel={asking === "restored" ? text.restore : text.uphold}
        busy={busy}
        error={failed ? text.decideFailed : null}
        onCancel={() => {
          setAsking(null);
          setFailed(false);
        }}
        onConfirm={() => asking && void decide(asking)}
      />
    </li>
  );
}

import {
  appealOutcomeMessage,
  IMAGE_APPEAL_REASON_MAX,
  type ImageAppealStatus,
  SUPPORT_USERNAME,
} from "@inkwell/shared";
import { useRef, useState } from "react";
import { flushSync } from "react-dom";
import { browserApi } from "../api/client.ts";
import { apiContext } from "../api/context.ts";
import { Alert } from "../components/alert.tsx";
import { ScriptButton } from "../components/script-button.tsx";
import { t } from "../i18n/index.ts";
import { currentUserOrLogin, orNotFound } from "../lib/route-data.ts";
import type { Route } from "./+types/image-appeal";

/**
 * The appeal of a flagged image of the reader's own. An address naming none (typed by hand,
 * cut short, or naming any other image) is the site's 404, which says so and leads home: a
 * link must not make this page display any image, nor offer a form bound to fail.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const api = context.get(apiContext);
  await currentUserOrLogin(api, request);
  const imageUrl = url.searchParams.get("image_url") ?? "";
  await orNotFound(api.imageAppeal(imageUrl));
  return { imageUrl };
}

export const meta = () => [{ title: `${t.imageModeration.appealTitle} · ${t.brand}` }];

type Phase =
  | { name: "form" }
  | { name: "sending" }
  | { name: "sent" }
  | { name: "failed"; status: ImageAppealStatus };

/**
 * The image appeal form (accounts-safety-messaging.md §4): a reason of up to 435
 * characters, then a spinner, then thanks with a way to the support conversation, or the
 * message that the refusal's status calls for.
 */
export default function ImageAppeal({ loaderData }: Route.ComponentProps) {
  const { imageUrl } = loaderData;
  const [reason, setReason] = useState("");
  const [phase, setPhase] = useState<Phase>({ name: "form" });
  // The form gives way to the thanks, which take the focus its Send button had.
  const thanks = useRef<HTMLHeadingElement>(null);

  async function send() {
    setPhase({ name: "sending" });
    const result = await browserApi()
      .appealImage(imageUrl, reason.trim())
      .catch(() => null);
    if (result?.ok) {
      flushSync(() => setPhase({ name: "sent" }));
      thanks.current?.focus();
    } else {
      const status = result?.refusal.status;
      setPhase({
        name: "failed",
        status: status === "submitted" || status === "resolved" ? status : "error",
      });
    }
  }

  if (phase.name === "sent") {
    return (
      <section className="image-appeal image-appeal--done" aria-labelledby="appeal-heading">
        <h1 id="appeal-heading" ref={thanks} tabIndex={-1}>
          {appealOutcomeMessage("submitted", true)}
        </h1>
        <a className="button button--primary" href={`/inbox/${SUPPORT_USERNAME}`}>
          {t.imageModeration.okGotIt}
        </a>
      </section>
    );
  }
  return (
    <section className="image-appeal" aria-labelledby="appeal-heading">
      <h1 id="appeal-heading">{t.imageModeration.appealTitle}</h1>
      <p>{t.imageModeration.appealIntro}</p>
      <img className="image-appeal__image" src={imageUrl} alt={t.imageModeration.imageAlt} />
      {phase.name === "failed" && (
        <Alert tone="danger">{appealOutcomeMessage(phase.status, false)}</Alert>
      )}
      <form
        className="image-appeal__form"
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <label className="image-appeal__label" htmlFor="appeal-reason">
          {t.imageModeration.reason}
        </label>
        <textarea
          className="textarea"
          id="appeal-reason"
          rows={5}
          maxLength={IMAGE_APPEAL_REASON_MAX}
          value={reason}
          aria-describedby="appeal-reason-left"
          onChange={(event) => setReason(event.target.value)}
        />
        <p className="image-appeal__left" id="appeal-reason-left">
          {t.imageModeration.remaining(IMAGE_APPEAL_REASON_MAX - reason.length)}
        </p>
        <ScriptButton
          type="submit"
          className="button button--primary"
          disabled={reason.trim() === "" || phase.name === "sending"}
        >
          {phase.name === "sending" ? (
            <>
              <span className="spinner" aria-hidden="true" />
              <span role="status">{t.imageModeration.sending}</span>
            </>
          ) : (
            t.imageModeration.send
          )}
        </ScriptButton>
      </form>
    </section>
  );
}

import {
  contactProblems,
  DMCA_PATH,
  dmcaNoticeUrl,
  type FiledTicket,
  languageByCode,
  REPORT_TYPE_IDS,
  type ReportedUser,
  type ReportReference,
  type ReportTypeName,
  type SupportFlow,
  type SupportItem,
} from "@inkwell/shared";
import { ArrowLeft, ChevronRight } from "lucide";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { useRouteLoaderData } from "react-router";
import { browserApi } from "../../api/client.ts";
import { Icon } from "../../components/icon.tsx";
import { Modal } from "../../components/modal.tsx";
import { Toast } from "../../components/toast.tsx";
import { t } from "../../i18n/index.ts";
import { useCurrentUser } from "../../lib/current-user.ts";
import { safetyFailure } from "../safety/use-safety-actions.tsx";
import { CopyrightStep } from "./copyright-step.tsx";
import "../../styles/reports.css";
import { ScriptButton } from "../../components/script-button.tsx";

const text = t.reports;

/** What is being reported: the flow of the tree, the item's id and whom it is about. */
export interface ReportTarget {
  type: ReportTypeName;
  /** The story, comment or message id (not for a user report). */
  id?: number;
  /** The reported user's username. */
  username?: string;
  /** How the modal and the ticket describe it (§3: name, location, body, deepLink). */
  reference: ReportReference;
  /** The story it is in and that story's language, for the copyright notice's link. */
  story?: { id: number; language: string };
}

/** A link of the tree; the copyright notice's carries what is being reported. */
function linkOf(url: string, target: ReportTarget | null): string {
  if (url !== DMCA_PATH || !target) return url;
  return dmcaNoticeUrl({
    storyId: target.story?.id ?? null,
    partId: null,
    reportedUser: target.username ?? null,
    language: target.story?.language ?? null,
  });
}

type Page = Extract<SupportItem, { type: "page" }>;
type Detail = Extract<SupportItem, { type: "editText" }>;

type Stage =
  | { kind: "loading" }
  | { kind: "walk" }
  | { kind: "contact"; detail: Detail }
  | { kind: "copyright"; page: Page }
  | { kind: "thanks"; reportedUser: ReportedUser | null; copyright: boolean };

/**
 * The report modal (accounts-safety-messaging.md §4): it loads the support tree, walks the
 * flow of the thing reported one page at a time with a back button, asks for the details,
 * asks a visitor for contact info, files the ticket, and ends on a thank-you screen that
 * lets a signed-in reporter mute or unmute the reported user. A story's flow offers the
 * copyright sub-flow to signed-in readers only.
 */
function useReport(): { report: (target: ReportTarget) => void; reportModal: ReactNode } {
  const user = useCurrentUser();
  const root = useRouteLoaderData<{ locale?: string }>("root");
  const [target, setTarget] = useState<ReportTarget | null>(null);
  const [flow, setFlow] = useState<SupportFlow | null>(null);
  const [path, setPath] = useState<Page[]>([]);
  const [stage, setStage] = useState<Stage>({ kind: "loading" });
  // What was typed in each detail box, by its id: Back and on again, or a send that failed
  // and closed the modal, leave it to be sent. It is the report's until it is sent.
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const draftsOf = useRef<string | null>(null);
  // The reporter's name and email, typed once for every report on the page: a failed send
  // (which closes the modal) or a second report finds them filled in.
  const [contact, setContact] = useState(() => ({
    name: user?.name ?? "",
    email: user?.email ?? "",
  }));
  const [touched, setTouched] = useState({ name: false, email: false });
  const [sending, setSending] = useState(false);
  const [toast, setToast] = useState<string | null>(null);
  const [muting, setMuting] = useState(false);
  const [muteNote, setMuteNote] = useState<string | null>(null);
  // A new step replaces the controls of the last one: focus moves to its heading, so a
  // keyboard or screen reader user is not left on the page's body.
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const stepKey = target ? `${stage.kind} ${path.length}` : null;
  const shownStep = useRef<string | null>(null);
  useEffect(() => {
    if (stepKey !== null && shownStep.current !== null && shownStep.current !== stepKey) {
      stepHeading.current?.focus();
    }
    shownStep.current = stepKey;
  }, [stepKey]);
  const ids = { detail: useId(), name: useId(), email: useId() };
  const signedIn = user !== null;
  // A signed-in reporter's name and email are known; a visitor (or an account without an
  // email) is asked for them.
  const knowsContact = signedIn && Boolean(user.email);

  function close() {
    setTarget(null);
  }

  function fail() {
    setTarget(null);
    setToast(text.failed);
  }

  async function report(next: ReportTarget) {
    setToast(null);
    setTarget(next);
    setFlow(null);
    setPath([]);
    const key = [next.type, next.id, next.username].join(" ");
    if (draftsOf.current !== key) {
      draftsOf.current = key;
      setDrafts({});
    }
    setTouched({ name: false, email: false });
    setMuteNote(null);
    setStage({ kind: "loading" });
    const lang = user?.language ?? languageByCode(root?.locale)?.id ?? 1;
    const tree = await browserApi()
      .supportTree(lang)
      .catch(() => null);
    const found = tree?.flows.find((candidate) => candidate.id === next.type);
    if (!found) {
      fail();
      return;
    }
    setFlow(found);
    setStage({ kind: "walk" });
  }

  function back() {
    if (stage.kind === "contact" || stage.kind === "copyright") {
      setStage({ kind: "walk" });
      if (stage.kind === "copyright") setPath((current) => current.slice(0, -1));
      return;
    }
    setPath((current) => current.slice(0, -1));
  }

  function choose(page: Page) {
    if (page.kind === "copyright") {
      setPath((current) => [...current, page]);
      setStage({ kind: "copyright", page });
      return;
    }
    setPath((current) => [...current, page]);
  }

  async function submit(item: Detail) {
    if (!flow || !target) return;
    setSending(true);
    const fields: Record<string, string> = {
      comment: (drafts[item.id] ?? "").trim(),
      subject: flow.ticketSubject,
      ticket_form_id: String(flow.ticketFormId),
      reportType: String(REPORT_TYPE_IDS[flow.id]),
      reason: item.reason,
      "custom_fields[0][id]": "language",
      "custom_fields[0][value]": root?.locale ?? "en",
      "custom_fields[1][id]": "platform",
      "custom_fields[1][value]": window.innerWidth < 576 ? "mobile_web" : "web",
    };
    if (!knowsContact) {
      fields["requester[name]"] = contact.name.trim();
      fields["requester[email]"] = contact.email.trim();
    }
    if (target.id !== undefined) fields.id = String(target.id);
    if (target.username) fields.username = target.username;
    for (const [key, value] of Object.entries(target.reference)) {
      if (value) fields[`reference[${key}]`] = value;
    }
    const result = await browserApi()
      .supportTicket(fields)
      .catch(() => null);
    setSending(false);
    if (!result?.ok) {
      fail();
      return;
    }
    const filed: FiledTicket = result.value;
    setDrafts({});
    setStage({ kind: "thanks", reportedUser: filed.reportedUser, copyright: false });
  }

  async function toggleMute(reported: ReportedUser) {
    const on = !reported.safety.isMuted;
    setMuting(true);
    const result = await browserApi()
      .mute(reported.username, on)
      .catch(() => null);
    setMuting(false);
    if (!result?.ok) {
      setMuteNote(safetyFailure(on ? "mute" : "unmute", result?.refusal));
      return;
    }
    setMuteNote(on ? t.safety.muted(reported.name) : t.safety.unmuted(reported.name));
    setStage({
      kind: "thanks",
      copyright: false,
      reportedUser: { ...reported, safety: { ...reported.safety, isMuted: on } },
    });
  }

  const page = path.at(-1);
  const items = page ? page.items : (flow?.items ?? []);
  const heading = page ? page.title : null;
  const problems = contactProblems(contact);
  const canGoBack =
    stage.kind === "contact" || stage.kind === "copyright" || (stage.kind === "walk" && page);

  function detailForm(item: Detail) {
    const detail = drafts[item.id] ?? "";
    const empty = detail.trim() === "";
    return (
      <form
        key={item.id}
        className="report__form"
        onSubmit={(event) => {
          event.preventDefault();
          if (empty) return;
          if (knowsContact) void submit(item);
          else setStage({ kind: "contact", detail: item });
        }}
      >
        <div className="field">
          <label htmlFor={ids.detail}>{item.title}</label>
          <textarea
            id={ids.detail}
            rows={4}
            maxLength={5000}
            placeholder={item.placeholder}
            value={detail}
            onChange={(event) => {
              const typed = event.target.value;
              setDrafts((all) => ({ ...all, [item.id]: typed }));
            }}
          />
        </div>
        <ScriptButton className="button button--primary" type="submit" disabled={empty || sending}>
          {knowsContact ? (sending ? text.sending : text.submit) : text.next}
        </ScriptButton>
      </form>
    );
  }

  function walk() {
    return (
      <div className="report__step">
        {heading && (
          <h3 className="report__heading" ref={stepHeading} tabIndex={-1}>
            {heading}
          </h3>
        )}
        <ul className="report__items">
          {items.map((item) => {
            switch (item.type) {
              case "text":
                return (
                  <li key={item.id}>
                    <p className="report__text">{item.text}</p>
                  </li>
                );
              case "url":
                return (
                  <li key={item.id}>
                    <a className="report__link" href={linkOf(item.url, target)}>
                      {item.title}
                    </a>
                  </li>
                );
              case "editText":
                return <li key={item.id}>{detailForm(item)}</li>;
              case "page":
                if (item.loginRequired && !signedIn) return null;
                return (
                  <li key={item.id}>
                    <ScriptButton className="report__choice" onClick={() => choose(item)}>
                      <span>{item.title}</span>
                      <Icon of={ChevronRight} aria-hidden="true" size={18} />
                    </ScriptButton>
                  </li>
                );
              default:
                return null;
            }
          })}
        </ul>
      </div>
    );
  }

  function contactStep(item: Detail) {
    const shown = {
      name: touched.name ? problems.name : undefined,
      email: touched.email ? problems.email : undefined,
    };
    const field = (key: "name" | "email", type: string, autoComplete: string) => (
      <div className="field">
        <label htmlFor={ids[key]}>{text[key]}</label>
        <input
          id={ids[key]}
          name={key}
          type={type}
          autoComplete={autoComplete}
          value={contact[key]}
          aria-invalid={shown[key] ? true : undefined}
          aria-describedby={shown[key] ? `${ids[key]}-error` : undefined}
          onChange={(event) => setContact((current) => ({ ...current, [key]: event.target.value }))}
          onBlur={() => setTouched((current) => ({ ...current, [key]: true }))}
        />
        {shown[key] && (
          <p className="field__error" id={`${ids[key]}-error`}>
            {shown[key]}
          </p>
        )}
      </div>
    );
    const valid = !problems.name && !problems.email;
    return (
      <form
        className="report__form report__step"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setTouched({ name: true, email: true });
          if (valid) void submit(item);
        }}
      >
        <h3 className="report__heading" ref={stepHeading} tabIndex={-1}>
          {text.contactHeading}
        </h3>
        <p className="report__text">{text.contactText}</p>
        {field("name", "text", "name")}
        {field("email", "email", "email")}
        <ScriptButton className="button button--primary" type="submit" disabled={!valid || sending}>
          {sending ? text.sending : text.submit}
        </ScriptButton>
      </form>
    );
  }

  function thanks(reported: ReportedUser | null, copyright: boolean) {
    const canMute =
      signedIn &&
      reported !== null &&
      !reported.safety.isBlocked &&
      reported.username.toLowerCase() !== user.username.toLowerCase();
    return (
      <div className="report__step report__thanks">
        <h3 className="report__heading" ref={stepHeading} tabIndex={-1}>
          {text.thanksHeading}
        </h3>
        <p className="report__text">
          {copyright ? text.copyrightThanks : signedIn ? text.thanksText : text.thanksVisitorText}
        </p>
        {canMute && (
          <div className="report__mute">
            <p className="report__text">
              {reported.safety.isMuted
                ? text.mutedOffer(reported.name)
                : text.muteOffer(reported.name)}
            </p>
            <ScriptButton
              className="button"
              disabled={muting}
              onClick={() => void toggleMute(reported)}
            >
              {reported.safety.isMuted ? text.unmute(reported.name) : text.mute(reported.name)}
            </ScriptButton>
          </div>
        )}
        <p className="report__note live-region" role="status">
          {muteNote}
        </p>
        <ScriptButton className="button button--primary" onClick={close}>
          {text.done}
        </ScriptButton>
      </div>
    );
  }

  let body: ReactNode = null;
  if (stage.kind === "loading") body = <p className="report__text">{text.loading}</p>;
  else if (stage.kind === "walk") body = walk();
  else if (stage.kind === "contact") body = contactStep(stage.detail);
  else if (stage.kind === "copyright" && target?.id !== undefined) {
    body = (
      <CopyrightStep
        page={stage.page}
        storyId={target.id}
        onDone={() => setStage({ kind: "thanks", reportedUser: null, copyright: true })}
        headingRef={stepHeading}
      />
    );
  } else if (stage.kind === "thanks") body = thanks(stage.reportedUser, stage.copyright);

  const reportModal = (
    <>
      <Modal
        open={target !== null}
        title={flow?.title ?? text.report}
        onClose={close}
        className="report"
      >
        {canGoBack && (
          <ScriptButton className="report__back link-button" onClick={back}>
            <Icon of={ArrowLeft} aria-hidden="true" size={16} />
            {text.back}
          </ScriptButton>
        )}
        {target?.reference.name && stage.kind !== "thanks" && (
          <blockquote className="report__reference">
            <strong>{target.reference.name}</strong>
            {target.reference.body && <span>{target.reference.body}</span>}
          </blockquote>
        )}
        {body}
      </Modal>
      <Toast message={toast} onDismiss={() => setToast(null)} />
    </>
  );
  return { report: (next) => void report(next), reportModal };
}

/**
 * The report modal for a page that loads this module only when its first report starts
 * (the story page's report card, see ReportStoryCard): each new `request` opens the modal
 * for its target.
 */
export function ReportLauncher({ request }: { request: { target: ReportTarget } }) {
  const { report, reportModal } = useReport();
  // `report` is a new function on every render; only a new request may open the modal.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useEffect(() => report(request.target), [request]);
  return reportModal;
}

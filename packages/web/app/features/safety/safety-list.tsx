import { SAFETY_LIST_PAGE_SIZE, type SafetyListUser } from "@inkwell/shared";
import { ChevronLeft, ChevronRight } from "lucide";
import { useCallback, useEffect, useRef, useState } from "react";
import { browserApi } from "../../api/client.ts";
import { failureOf, LiveAlert, useLiveMessage } from "../../components/alert.tsx";
import { Avatar } from "../../components/avatar.tsx";
import { Icon } from "../../components/icon.tsx";
import { ScriptButton } from "../../components/script-button.tsx";
import { t } from "../../i18n/index.ts";
import { useSafetyActions } from "./use-safety-actions.tsx";

type Kind = "mute" | "block";

/** Everyone the user muted or blocked, newest first, whichever call answers them. */
async function load(kind: Kind, username: string): Promise<SafetyListUser[] | string> {
  const api = browserApi();
  if (kind === "mute") {
    const result = await api.mutedUsers();
    if (!result.ok) return result.refusal.message ?? t.safety.listFailed;
    return result.value.map((user) => ({
      username: user.name,
      name: user.displayName,
      avatar: user.avatar,
    }));
  }
  const result = await api.blockedUsers(username);
  return result.ok ? result.value.users : (result.refusal.message ?? t.safety.listFailed);
}

/**
 * The Muted Accounts or Blocked Accounts list of settings: username and avatar each, 8 a
 * page with back and forward controls, and the way to unmute or unblock.
 */
export function SafetyList({ kind, username }: { kind: Kind; username: string }) {
  const [users, setUsers] = useState<SafetyListUser[] | null>(null);
  const [error, setError] = useLiveMessage<string>();
  const [page, setPage] = useState(0);

  const reload = useCallback(() => {
    load(kind, username)
      .catch(() => t.safety.listFailed)
      .then((answer) => {
        if (typeof answer === "string") setError(answer);
        else setUsers(answer);
      });
  }, [kind, username, setError]);
  useEffect(reload, [reload]);
  const { ask, toast, modal } = useSafetyActions(reload);
  // The row whose button was pressed is gone: focus goes to the line saying what happened.
  const toastLine = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (toast) toastLine.current?.focus();
  }, [toast]);

  const pages = Math.max(1, Math.ceil((users?.length ?? 0) / SAFETY_LIST_PAGE_SIZE));
  const current = Math.min(page, pages - 1);
  const shown = users?.slice(
    current * SAFETY_LIST_PAGE_SIZE,
    (current + 1) * SAFETY_LIST_PAGE_SIZE,
  );
  const undo = kind === "mute" ? "unmute" : "unblock";

  return (
    <div className="safety-list">
      <p className="settings__toast live-region" role="status" ref={toastLine} tabIndex={-1}>
        {toast}
      </p>
      <LiveAlert message={failureOf(error)} />
      {shown?.length === 0 && (
        <p>{kind === "mute" ? t.settings.muteEmpty : t.settings.blockEmpty}</p>
      )}
      {shown && shown.length > 0 && (
        <>
          <ul
            className="safety-list__people"
            aria-label={kind === "mute" ? t.safety.mutedList : t.safety.blockedList}
          >
            {shown.map((user) => (
              <li key={user.username} className="safety-list__person">
                <a href={`/user/${user.username}`}>
                  <Avatar src={user.avatar} name={user.name} size={42} />
                  <span>{user.username}</span>
                </a>
                <ScriptButton
                  className="button"
                  onClick={() => ask(undo, { username: user.username, name: user.username })}
                >
                  {undo === "unmute" ? t.safety.unmute : t.safety.unblock}
                  {/* Eight buttons of one word: a screen reader hears whom each is for. */}
                  <span className="visually-hidden"> {user.username}</span>
                </ScriptButton>
              </li>
            ))}
          </ul>
          {/* At either end its button stays focusable (aria-disabled), as the carousels':
              disabled would drop a keyboard user's focus to the page. */}
          {pages > 1 && (
            <nav className="safety-list__pages" aria-label={t.safety.page(current + 1, pages)}>
              <ScriptButton
                className="button"
                aria-label={t.safety.previous}
                aria-disabled={current === 0}
                onClick={() => current > 0 && setPage(current - 1)}
              >
                <Icon of={ChevronLeft} aria-hidden="true" size={18} />
              </ScriptButton>
              <span>{t.safety.page(current + 1, pages)}</span>
              <ScriptButton
                className="button"
                aria-label={t.safety.next}
                aria-disabled={current >= pages - 1}
                onClick={() => current < pages - 1 && setPage(current + 1)}
              >
                <Icon of={ChevronRight} aria-hidden="true" size={18} />
              </ScriptButton>
            </nav>
          )}
        </>
      )}
      {modal}
    </div>
  );
}

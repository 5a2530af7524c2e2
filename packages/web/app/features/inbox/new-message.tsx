import type { AutocompleteUser } from "@inkwell/shared";
import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { browserApi } from "../../api/client.ts";
import { Avatar } from "../../components/avatar.tsx";
import { Modal } from "../../components/modal.tsx";
import { t } from "../../i18n/index.ts";
import { COMPOSE_STATE } from "./composer.tsx";

const DEBOUNCE_MS = 250;

interface Found {
  /** The To field's text the search was for: what is listed lags behind the typing. */
  query: string;
  people: AutocompleteUser[];
}

/**
 * The New Message modal: type a username, pick someone (people you follow first), and
 * their conversation opens. It opens on the To field; there Enter picks the first person
 * listed and the down arrow goes to the list. A failed search says so in a toast and keeps
 * the dialog. The conversation opens with its composer focused.
 */
export function NewMessageModal({
  open,
  onClose,
  onFailure,
}: {
  open: boolean;
  onClose: () => void;
  onFailure: () => void;
}) {
  const [term, setTerm] = useState("");
  const [found, setFound] = useState<Found | null>(null);
  // Enter pressed before the list caught up with the typing: it picks from the list to come.
  const pickWhenFound = useRef(false);
  const inputId = useId();
  const listId = useId();
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLDivElement>(null);

  // After the dialog's own effect has shown it (a child's effects run first), which would
  // otherwise focus its close button: typing a name is all there is to do here.
  useEffect(() => {
    if (open) input.current?.focus();
  }, [open]);

  useEffect(() => {
    const query = term.trim();
    pickWhenFound.current = false;
    if (!query) {
      setFound(null);
      return;
    }
    let current = true;
    const timer = setTimeout(async () => {
      try {
        const people = await browserApi().autocompleteUsers(query);
        if (current) setFound({ query, people });
      } catch {
        if (current) onFailure();
      }
    }, DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [term, onFailure]);

  useEffect(() => {
    if (!found || !pickWhenFound.current) return;
    pickWhenFound.current = false;
    list.current?.querySelector("a")?.click();
  }, [found]);

  const results = found?.people ?? null;

  const groups = (["Your Friends", "Other People"] as const)
    .map((category) => ({
      category,
      people: (results ?? []).filter((result) => result.category === category),
    }))
    .filter((group) => group.people.length > 0);

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== "Enter" && event.key !== "ArrowDown") return;
    const query = term.trim();
    if (!query) return;
    event.preventDefault();
    // People listed for what was typed a moment ago are not who the To field names now.
    if (found?.query !== query) {
      pickWhenFound.current = event.key === "Enter";
      return;
    }
    const first = list.current?.querySelector("a");
    if (event.key === "Enter") first?.click();
    else first?.focus();
  }

  return (
    <Modal open={open} title={t.inbox.newMessage} onClose={onClose}>
      <div className="modal__form new-message">
        <div className="field">
          <label htmlFor={inputId}>{t.inbox.to}</label>
          <input
            id={inputId}
            ref={input}
            type="text"
            autoComplete="off"
            placeholder={t.inbox.searchPeople}
            aria-controls={listId}
            value={term}
            onChange={(event) => setTerm(event.target.value)}
            onKeyDown={onKeyDown}
          />
        </div>
        <div id={listId} ref={list} aria-live="polite">
          {results?.length === 0 && <p className="new-message__empty">{t.inbox.noMatches}</p>}
          {groups.map((group) => (
            <section key={group.category} className="new-message__group">
              <h3>{t.inbox.suggestionGroups[group.category]}</h3>
              <ul>
                {group.people.map((person) => (
                  <li key={person.label}>
                    <Link
                      className="new-message__person"
                      to={`/inbox/${person.label}`}
                      state={COMPOSE_STATE}
                    >
                      <Avatar src={person.image} name={person.name} size={32} />
                      <span className="new-message__name">{person.label}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      </div>
    </Modal>
  );
}

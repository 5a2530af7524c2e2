import type { AutocompleteUser } from "@inkwell/shared";
import { useEffect, useId, useState } from "react";
import { browserApi } from "../../api/client.ts";
import { Modal } from "../../components/modal.tsx";
import { t } from "../../i18n/index.ts";

const DEBOUNCE_MS = 250;

/**
 * The New Message modal: type a username, pick someone (people you follow first), and
 * their conversation opens. A failed search says so in a toast and keeps the dialog.
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
  const [results, setResults] = useState<AutocompleteUser[] | null>(null);
  const inputId = useId();
  const listId = useId();

  useEffect(() => {
    const query = term.trim();
    if (!query) {
      setResults(null);
      return;
    }
    let current = true;
    const timer = setTimeout(async () => {
      try {
        const found = await browserApi().autocompleteUsers(query);
        if (current) setResults(found);
      } catch {
        if (current) onFailure();
      }
    }, DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [term, onFailure]);

  const groups = (["Your Friends", "Other People"] as const)
    .map((category) => ({
      category,
      people: (results ?? []).filter((result) => result.category === category),
    }))
    .filter((group) => group.people.length > 0);

  return (
    <Modal open={open} title={t.inbox.newMessage} onClose={onClose}>
      <div className="modal__form new-message">
        <div className="field">
          <label htmlFor={inputId}>{t.inbox.to}</label>
          <input
            id={inputId}
            type="text"
            autoComplete="off"
            placeholder={t.inbox.searchPeople}
            aria-controls={listId}
            value={term}
            onChange={(event) => setTerm(event.target.value)}
          />
        </div>
        <div id={listId} aria-live="polite">
          {results?.length === 0 && <p className="new-message__empty">{t.inbox.noMatches}</p>}
          {groups.map((group) => (
            <section key={group.category} className="new-message__group">
              <h3>{group.category}</h3>
              <ul>
                {group.people.map((person) => (
                  <li key={person.label}>
                    <a className="new-message__person" href={`/inbox/${person.label}`}>
                      {person.image ? (
                        <img className="avatar" src={person.image} alt="" width={32} height={32} />
                      ) : null}
                      {person.label}
                    </a>
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

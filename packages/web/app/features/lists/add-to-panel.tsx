import { MAX_READING_LISTS, type ReadingListSummary } from "@inkwell/shared";
import { Lock } from "lucide";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { browserApi, type Outcome, type Refusal } from "../../api/client.ts";
import { type AlertMessage, LiveAlert, useLiveMessage } from "../../components/alert.tsx";
import { BusyButton } from "../../components/busy-button.tsx";
import { Icon } from "../../components/icon.tsx";
import { t } from "../../i18n/index.ts";

/** The popover holds every list a reader could have (the API's maximum page). */
const ALL_LISTS = { limit: MAX_READING_LISTS, offset: 0 };

/** Refusals that say what to do: a time-out until when, a full list or a reader with every list. */
const TOLD = new Set(["timed_out", "list_full", "too_many_lists"]);
const toldWhy = (refusal: Refusal) =>
  typeof refusal.code === "string" && TOLD.has(refusal.code) ? refusal.message : undefined;

/**
 * My Library and the reader's lists, each a checkbox that adds or removes the story in
 * one click, and a form that creates a list holding it. Loads when opened, and reloads
 * lists and collections after a create (reader.md §4).
 */
export function AddToPanel({
  storyId,
  username,
  onLibraryChange,
}: {
  storyId: number;
  username: string;
  onLibraryChange?: (inLibrary: boolean) => void;
}) {
  const [lists, setLists] = useState<ReadingListSummary[] | null>(null);
  const [inLibrary, setInLibrary] = useState(false);
  const [inLists, setInLists] = useState<number[]>([]);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useLiveMessage<AlertMessage>();
  const [name, setName] = useState("");
  const nameId = useId();
  /**
   * The checkboxes whose change is on its way: a second tap then is ignored, as on a slow
   * network it would race the first (a remove landing before its add) and leave the mark
   * saying the opposite of what was saved.
   */
  const changing = useRef(new Set<string>());

  async function load() {
    const api = browserApi();
    const [fetchedLists, collections] = await Promise.allSettled([
      api.readingLists(username, ALL_LISTS),
      api.storyCollections([storyId]),
    ]);
    if (fetchedLists.status === "fulfilled") setLists(fetchedLists.value.lists);
    else setLists([]);
    const mine = collections.status === "fulfilled" ? collections.value.stories[0] : undefined;
    if (mine) {
      setInLibrary(mine.library);
      onLibraryChange?.(mine.library);
      setInLists(mine.lists);
    }
    if (fetchedLists.status === "rejected") fail(t.lists.fetchListsFailed);
    else if (collections.status === "rejected") fail(t.lists.fetchCollectionsFailed);
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once per opening
  useEffect(() => {
    load();
  }, []);

  const fail = (text: string) => setMessage({ tone: "danger", text });
  const done = (text: string) => setMessage({ tone: "success", text });

  /** Runs one change; `adding` picks the §8 message should it fail for no reason given. */
  async function change(adding: boolean, label: string, request: () => Promise<Outcome<unknown>>) {
    // Emptied as the change goes out: what the last change said is not this one's outcome.
    setMessage(null);
    try {
      const result = await request();
      const why = result.ok ? undefined : toldWhy(result.refusal);
      if (why) {
        fail(why);
        return false;
      }
      if (!result.ok) throw new Error("refused");
      done(adding ? t.lists.added(label) : t.lists.removed(label));
      return true;
    } catch {
      fail(adding ? t.lists.updateFailed : t.lists.removeFailed);
      return false;
    }
  }

  // Checkmarks move at once and move back if the change fails.
  async function toggleLibrary() {
    if (changing.current.has("library")) return;
    changing.current.add("library");
    const api = browserApi();
    const adding = !inLibrary;
    setInLibrary(adding);
    const ok = await change(adding, t.lists.myLibrary, () =>
      adding ? api.addToLibrary(username, storyId) : api.removeFromLibrary(username, storyId),
    );
    changing.current.delete("library");
    // The page hears of what was saved, not of the checkmark's guess.
    if (ok) onLibraryChange?.(adding);
    else setInLibrary(!adding);
  }

  async function toggleList(list: ReadingListSummary) {
    const key = `list:${list.id}`;
    if (changing.current.has(key)) return;
    changing.current.add(key);
    const api = browserApi();
    const adding = !inLists.includes(list.id);
    const mark = (on: boolean) =>
      setInLists((ids) => (on ? [...ids, list.id] : ids.filter((id) => id !== list.id)));
    mark(adding);
    const ok = await change(adding, list.name, () =>
      adding ? api.addToReadingList(list.id, storyId) : api.removeFromReadingList(list.id, storyId),
    );
    changing.current.delete(key);
    if (!ok) mark(!adding);
  }

  async function create(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const trimmed = name.trim();
    if (!trimmed) return fail(t.lists.nameRequired);
    // A typed name reuses the list of that name (§4), and My Library is one of the reader's.
    if (trimmed.toLowerCase() === t.lists.myLibrary.toLowerCase()) {
      setName("");
      if (inLibrary) done(t.lists.added(t.lists.myLibrary));
      else await toggleLibrary();
      return;
    }
    setBusy(true);
    setMessage(null);
    try {
      const result = await browserApi().createReadingList(trimmed, storyId);
      // A refusal that says why is shown as it is; any other failure reads §8's message.
      const why = result.ok ? undefined : toldWhy(result.refusal);
      if (why) return fail(why);
      if (!result.ok) throw new Error("refused");
      setName("");
      await load();
      done(t.lists.added(result.value.name));
    } catch {
      fail(t.lists.createFailed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="add-to__panel">
      {lists === null ? (
        <p className="add-to__loading">{t.lists.loading}</p>
      ) : (
        <ul className="add-to__lists">
          <li>
            <label className="add-to__option">
              <input type="checkbox" checked={inLibrary} onChange={toggleLibrary} />
              <span>{t.lists.myLibrary}</span>
              <Icon of={Lock} aria-label={t.lists.private} size={14} />
            </label>
          </li>
          {lists.map((list) => (
            <li key={list.id}>
              <label className="add-to__option">
                <input
                  type="checkbox"
                  checked={inLists.includes(list.id)}
                  onChange={() => toggleList(list)}
                />
                <span>{list.name}</span>
                {list.isPrivate && <Icon of={Lock} aria-label={t.lists.private} size={14} />}
              </label>
            </li>
          ))}
        </ul>
      )}
      <form className="add-to__create field" onSubmit={create}>
        <label htmlFor={nameId}>{t.lists.newList}</label>
        <div className="add-to__create-row">
          <input
            id={nameId}
            type="text"
            value={name}
            maxLength={100}
            placeholder={t.lists.newListName}
            onChange={(event) => setName(event.target.value)}
          />
          <BusyButton className="button button--primary" type="submit" busy={busy}>
            {t.lists.create}
          </BusyButton>
        </div>
      </form>
      <LiveAlert message={message} />
    </div>
  );
}

import { normaliseTag, type TagSuggestion } from "@inkwell/shared";
import { X } from "lucide";
import { type KeyboardEvent, useEffect, useId, useState } from "react";
import { browserApi } from "../../api/client.ts";
import { useLiveMessage } from "../../components/alert.tsx";
import { Icon } from "../../components/icon.tsx";
import { ScriptButton } from "../../components/script-button.tsx";
import { t } from "../../i18n/index.ts";
import { useFocusAfterRemoval } from "../../lib/use-focus-after-removal.ts";

const DEBOUNCE_MS = 200;

interface TagFieldProps {
  id: string;
  tags: string[];
  onChange: (tags: string[]) => void;
  describedBy?: string;
  invalid?: boolean;
}

/**
 * The Story Details tag field: each tag a chip with a remove button; typing suggests tags
 * other stories use, most used first, as a listbox (arrows move, Enter picks, Escape
 * closes). A comma, Enter or leaving the field makes what was typed a tag. Backspace in the
 * empty field marks the last tag and a second removes it, each said aloud: a tag does not go
 * at one keystroke too many, unseen by a screen reader.
 */
export function TagField({ id, tags, onChange, describedBy, invalid }: TagFieldProps) {
  const [typed, setTyped] = useState("");
  const [suggestions, setSuggestions] = useState<TagSuggestion[]>([]);
  const [active, setActive] = useState(-1);
  const [marked, setMarked] = useState(false);
  const [said, say] = useLiveMessage<string>();
  const listId = useId();
  const prefix = normaliseTag(typed);
  const shown = suggestions.filter((suggestion) => !tags.includes(suggestion.name));
  const open = prefix !== "" && shown.length > 0;
  const last = tags.at(-1);
  // A tag's × takes focus with it (decision 057): it goes to the next tag's ×, else the
  // previous one's, else (the chips gone, so the input is the field's first child) the input.
  const { scope, removing } = useFocusAfterRemoval(
    tags,
    ".tag-field__remove, .tag-field > input:first-child",
  );

  useEffect(() => {
    if (prefix === "") return setSuggestions([]);
    let current = true;
    const timer = setTimeout(async () => {
      const found = await browserApi()
        .tagSuggestions(prefix)
        .catch(() => ({ tags: [] }));
      if (current) {
        setSuggestions(found.tags);
        setActive(-1);
      }
    }, DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [prefix]);

  function add(values: string[]) {
    const added = values.map(normaliseTag).filter((tag) => tag !== "" && !tags.includes(tag));
    if (added.length > 0) onChange([...tags, ...new Set(added)]);
    setTyped("");
    setSuggestions([]);
  }

  function remove(tag: string) {
    onChange(tags.filter((other) => other !== tag));
    setMarked(false);
    say(t.writing.tagRemoved(tag));
  }

  function type(value: string) {
    // Commas and spaces end a tag: a pasted "sea, storm" becomes two.
    const pieces = value.split(/[\s,]+/);
    const rest = pieces.pop() ?? "";
    if (pieces.length > 0) add(pieces);
    setTyped(rest);
    setMarked(false);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== "Backspace") setMarked(false);
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (!open) return;
      event.preventDefault();
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((index) => Math.min(shown.length - 1, Math.max(-1, index + step)));
    } else if (event.key === "Enter") {
      const picked = open ? shown[active] : undefined;
      if (!picked && prefix === "") return;
      event.preventDefault();
      add([picked ? picked.name : typed]);
    } else if (event.key === "Escape" && open) {
      event.preventDefault();
      setSuggestions([]);
    } else if (event.key === "Backspace" && typed === "" && last !== undefined) {
      if (marked) return remove(last);
      setMarked(true);
      say(t.writing.tagMarked(last));
    }
  }

  const optionId = (index: number) => `${listId}-${index}`;
  return (
    <div className="tag-field" ref={scope}>
      {tags.length > 0 && (
        <ul className="tag-field__chips">
          {tags.map((tag, index) => (
            <li
              key={tag}
              className={
                marked && tag === last
                  ? "tag-field__chip tag-field__chip--marked"
                  : "tag-field__chip"
              }
            >
              {tag}
              <ScriptButton
                className="tag-field__remove"
                aria-label={t.writing.removeTag(tag)}
                onClick={() => {
                  removing(index);
                  remove(tag);
                }}
              >
                <Icon of={X} aria-hidden="true" size={16} />
              </ScriptButton>
            </li>
          ))}
        </ul>
      )}
      <input
        id={id}
        type="text"
        role="combobox"
        autoComplete="off"
        value={typed}
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        onChange={(event) => type(event.target.value)}
        onKeyDown={onKeyDown}
        onBlur={() => {
          setMarked(false);
          add([typed]);
        }}
      />
      <p className="visually-hidden" role="status">
        {said}
      </p>
      <div
        id={listId}
        className="tag-field__suggestions"
        role="listbox"
        aria-label={t.writing.tagSuggestions}
        hidden={!open}
      >
        {shown.map((suggestion, index) => (
          <div
            key={suggestion.name}
            id={optionId(index)}
            role="option"
            tabIndex={-1}
            aria-selected={index === active}
            className="tag-field__option"
            // Picked before the input's blur turns the typed prefix into a tag.
            onMouseDown={(event) => {
              event.preventDefault();
              add([suggestion.name]);
            }}
          >
            <span>{suggestion.name}</span>
            <span className="tag-field__count">{t.writing.tagStories(suggestion.stories)}</span>
          </div>
        ))}
      </div>
    </div>
  );
}

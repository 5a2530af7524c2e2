import { normaliseTag, type TagSuggestion } from "@inkwell/shared";
import { X } from "lucide";
import { type KeyboardEvent, useEffect, useId, useState } from "react";
import { browserApi } from "../../api/client.ts";
import { Icon } from "../../components/icon.tsx";
import { ScriptButton } from "../../components/script-button.tsx";
import { t } from "../../i18n/index.ts";

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
 * closes). A comma, Enter or leaving the field makes what was typed a tag.
 */
export function TagField({ id, tags, onChange, describedBy, invalid }: TagFieldProps) {
  const [typed, setTyped] = useState("");
  const [suggestions, setSuggestions] = useState<TagSuggestion[]>([]);
  const [active, setActive] = useState(-1);
  const listId = useId();
  const prefix = normaliseTag(typed);
  const shown = suggestions.filter((suggestion) => !tags.includes(suggestion.name));
  const open = prefix !== "" && shown.length > 0;

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

  function type(value: string) {
    // Commas and spaces end a tag: a pasted "sea, storm" becomes two.
    const pieces = value.split(/[\s,]+/);
    const rest = pieces.pop() ?? "";
    if (pieces.length > 0) add(pieces);
    setTyped(rest);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
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
    } else if (event.key === "Backspace" && typed === "" && tags.length > 0) {
      onChange(tags.slice(0, -1));
    }
  }

  const optionId = (index: number) => `${listId}-${index}`;
  return (
    <div className="tag-field">
      {tags.length > 0 && (
        <ul className="tag-field__chips">
          {tags.map((tag) => (
            <li key={tag} className="tag-field__chip">
              {tag}
              <ScriptButton
                className="tag-field__remove"
                aria-label={t.writing.removeTag(tag)}
                onClick={() => onChange(tags.filter((other) => other !== tag))}
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
        onBlur={() => add([typed])}
      />
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

import {
  ATTRIBUTE_SUGGESTIONS,
  canAddAttribute,
  joinList,
  MAX_ATTRIBUTES,
  NOTES_LIMITS,
  splitList,
} from "@inkwell/shared";
import { X } from "lucide";
import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import { Icon } from "../../components/icon.tsx";
import { ScriptButton } from "../../components/script-button.tsx";
import { t } from "../../i18n/index.ts";

const text = t.notes.protagonist;
const REMOVE = ".notes-attributes__remove";
const SUGGESTION = ".notes-attributes__suggestion";

/**
 * §3 attributes: up to 10, 250 characters in all, picked from suggestions grouped by kind
 * or typed; chosen ones leave the suggestions. The value is the comma-joined list.
 */
export function AttributePicker({
  value,
  onChange,
}: {
  value: string;
  onChange: (value: string) => void;
}) {
  const chosen = splitList(value);
  const [draft, setDraft] = useState("");
  const taken = new Set(chosen.map((one) => one.toLowerCase()));
  const groups = ATTRIBUTE_SUGGESTIONS.map((group) => ({
    kind: group.kind,
    attributes: group.attributes.filter((one) => !taken.has(one.toLowerCase())),
  })).filter((group) => group.attributes.length > 0);
  const full = chosen.length >= MAX_ATTRIBUTES;
  // What the joined text still has room for, after the comma this one would need.
  const room = NOTES_LIMITS.attributes - value.length - (chosen.length > 0 ? 1 : 0);
  const noRoom = !full && room <= 0;

  // The button pressed goes away with what it did (a chosen attribute removed, a suggestion
  // taken, Add with its field emptied): focus moves to the control now in its place, else
  // the new attribute's field, else the last chosen one, rather than falling to the page.
  const picker = useRef<HTMLFieldSetElement>(null);
  const refocus = useRef<{ selector: string; at: number } | null>(null);
  useEffect(() => {
    const next = refocus.current;
    const root = picker.current;
    if (!next || !root) return;
    refocus.current = null;
    const usable = (selector: string) =>
      [...root.querySelectorAll<HTMLButtonElement | HTMLInputElement>(selector)].filter(
        (control) => !control.disabled,
      );
    const inPlace = usable(next.selector);
    const fallback = [...usable("#notes-attribute"), ...usable(REMOVE).reverse()];
    (inPlace[Math.min(next.at, inPlace.length - 1)] ?? fallback[0])?.focus();
  });

  /** Adds `attribute`; focus then goes to the control at `at` of those `selector` finds. */
  const add = (attribute: string, selector = "#notes-attribute", at = 0) => {
    if (!canAddAttribute(chosen, attribute)) return;
    refocus.current = { selector, at };
    onChange(joinList([...chosen, attribute.trim()]));
    setDraft("");
  };
  const remove = (attribute: string) => {
    refocus.current = { selector: REMOVE, at: chosen.indexOf(attribute) };
    onChange(joinList(chosen.filter((one) => one !== attribute)));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    add(draft);
  };

  return (
    <fieldset className="notes-attributes" ref={picker}>
      <legend>{text.attributes}</legend>
      <p className="field__hint" id="notes-attributes-hint">
        {text.attributesHint}
      </p>
      {chosen.length > 0 && (
        <ul className="notes-attributes__chosen" aria-label={text.chosen}>
          {chosen.map((attribute) => (
            <li key={attribute}>
              <span>{attribute}</span>
              <ScriptButton
                className="notes-attributes__remove"
                aria-label={text.remove(attribute)}
                onClick={() => remove(attribute)}
              >
                <Icon of={X} aria-hidden="true" size={16} />
              </ScriptButton>
            </li>
          ))}
        </ul>
      )}
      <div className="notes-attributes__add">
        <label htmlFor="notes-attribute" className="visually-hidden">
          {text.newAttribute}
        </label>
        <input
          id="notes-attribute"
          type="text"
          list="notes-attribute-suggestions"
          value={draft}
          maxLength={Math.max(room, 0)}
          disabled={full || noRoom}
          placeholder={text.newAttribute}
          aria-describedby="notes-attributes-hint notes-attributes-limit"
          onChange={(event) => setDraft(event.target.value.replaceAll(",", ""))}
          onKeyDown={onKeyDown}
        />
        <datalist id="notes-attribute-suggestions">
          {groups.flatMap((group) =>
            group.attributes.map((attribute) => <option key={attribute} value={attribute} />),
          )}
        </datalist>
        <ScriptButton
          className="button"
          disabled={!canAddAttribute(chosen, draft)}
          onClick={() => add(draft)}
        >
          {text.add}
        </ScriptButton>
      </div>
      <p className="field__hint" id="notes-attributes-limit" aria-live="polite">
        {full ? text.full : noRoom ? text.noRoom : ""}
      </p>
      {!full && (
        <details className="notes-attributes__browse">
          <summary>{text.browse}</summary>
          {groups.map((group) => (
            <div key={group.kind} className="notes-attributes__group">
              <h3>{group.kind}</h3>
              <ul>
                {group.attributes.map((attribute) => (
                  <li key={attribute}>
                    <ScriptButton
                      className="notes-attributes__suggestion"
                      disabled={!canAddAttribute(chosen, attribute)}
                      onClick={(event) => {
                        const all = [...(picker.current?.querySelectorAll(SUGGESTION) ?? [])];
                        add(attribute, SUGGESTION, all.indexOf(event.currentTarget));
                      }}
                    >
                      {attribute}
                    </ScriptButton>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </details>
      )}
    </fieldset>
  );
}

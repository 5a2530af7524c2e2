import {
  addBlockedTag,
  atTagLimit,
  type BlockedTagProblem,
  type BlockedTagRules,
  normaliseTag,
} from "@inkwell/shared";
import { ArrowLeft, X } from "lucide";
import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { BROWSE_TOPICS } from "../../components/browse-topics.ts";
import { Icon } from "../../components/icon.tsx";
import { ScriptButton } from "../../components/script-button.tsx";
import { t } from "../../i18n/index.ts";
import "../../styles/tags-editor.css";

interface BlockedTagsEditorProps {
  tags: string[];
  rules: BlockedTagRules;
  onChange: (tags: string[]) => void;
  onBack: () => void;
}

/**
 * The Blocked Tags editor: tags are added on Enter or space by the shared rules
 * (lowercased, '#' and backslash stripped, no duplicates, unblockable ones refused),
 * removed by their chip's button, and the input closes at the reader's tag limit.
 */
export function BlockedTagsEditor({ tags, rules, onChange, onBack }: BlockedTagsEditorProps) {
  const [typed, setTyped] = useState("");
  const [problem, setProblem] = useState<BlockedTagProblem | null>(null);
  const inputId = useId();
  const warningId = useId();
  const full = atTagLimit(tags, rules);
  // The editor replaces the button that opened it: focus starts in it (the input, or Back
  // when the reader's tags are at the limit and the input is closed).
  const input = useRef<HTMLInputElement>(null);
  const back = useRef<HTMLButtonElement>(null);
  const chips = useRef<HTMLUListElement>(null);
  const suggested = useRef<HTMLUListElement>(null);
  const startsFull = useRef(full);
  useEffect(() => {
    (startsFull.current ? back : input).current?.focus();
  }, []);
  const warning = full ? t.safety.tagProblems.limit : problem && t.safety.tagProblems[problem];
  const prefix = normaliseTag(typed);
  const suggestions = BROWSE_TOPICS.map((topic) => topic.tag).filter(
    (tag) => !tags.includes(tag) && !rules.unblockableTags.includes(tag) && tag.startsWith(prefix),
  );

  function add(value: string) {
    const result = addBlockedTag(value, tags, rules);
    setProblem(result.problem);
    if (result.problem === null) {
      onChange(result.tags);
      setTyped("");
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== "Enter" && event.key !== " ") return;
    event.preventDefault();
    const pressed = event.currentTarget;
    flushSync(() => add(typed));
    handOn(pressed, null, 0);
  }

  /**
   * A press that took its own control away (a chip removed, a suggestion taken, the input
   * closed at the limit) hands focus on instead of dropping it to the page: to what now
   * stands in the same place in its row, else the row's last, else the input, else Back.
   */
  function handOn(pressed: HTMLElement, row: HTMLUListElement | null, index: number) {
    if (pressed.isConnected && !pressed.matches(":disabled")) return;
    const buttons = [...(row?.querySelectorAll("button") ?? [])];
    const field = input.current?.disabled ? null : input.current;
    (buttons[Math.min(index, buttons.length - 1)] ?? field ?? back.current)?.focus();
  }

  return (
    <div className="tags-editor">
      <div className="tags-editor__top">
        <ScriptButton
          ref={back}
          className="tags-editor__back"
          onClick={onBack}
          aria-label={t.safety.back}
        >
          <Icon of={ArrowLeft} aria-hidden="true" size={20} />
        </ScriptButton>
        <h3>{t.safety.blockedTags}</h3>
      </div>
      <label className="visually-hidden" htmlFor={inputId}>
        {t.safety.tagsInput}
      </label>
      <input
        ref={input}
        id={inputId}
        className="tags-editor__input"
        type="text"
        value={typed}
        placeholder={t.safety.tagsPlaceholder}
        disabled={full}
        aria-describedby={warningId}
        autoComplete="off"
        onChange={(event) => {
          setProblem(null);
          setTyped(event.target.value);
        }}
        onKeyDown={onKeyDown}
      />
      <p id={warningId} className="tags-editor__warning" role="status">
        {warning}
      </p>
      <ul ref={chips} className="tag-chips" aria-label={t.safety.blockedTags}>
        {tags.map((tag, index) => (
          <li key={tag} className="tag-chip tag-chip--active">
            #{tag}
            <ScriptButton
              aria-label={t.safety.removeTag(tag)}
              onClick={(event) => {
                const pressed = event.currentTarget;
                flushSync(() => {
                  setProblem(null);
                  onChange(tags.filter((other) => other !== tag));
                });
                handOn(pressed, chips.current, index);
              }}
            >
              <Icon of={X} aria-hidden="true" size={14} />
            </ScriptButton>
          </li>
        ))}
      </ul>
      {!full && suggestions.length > 0 && (
        <section className="tags-editor__suggested" aria-labelledby={`${inputId}-suggested`}>
          <h4 id={`${inputId}-suggested`}>{t.safety.suggestedTags}</h4>
          <ul ref={suggested} className="tag-chips">
            {suggestions.map((tag, index) => (
              <li key={tag}>
                <ScriptButton
                  className="tag-chip"
                  aria-label={t.safety.addTag(tag)}
                  onClick={(event) => {
                    const pressed = event.currentTarget;
                    flushSync(() => add(tag));
                    handOn(pressed, suggested.current, index);
                  }}
                >
                  #{tag}
                </ScriptButton>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

import { useEffect } from "react";

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** Input types whose value the reader does not type or pick (a file's cannot be set). */
const NOT_TYPED = new Set(["button", "file", "hidden", "image", "reset", "submit"]);

/** What the reader had typed, picked or ticked before the page hydrated: the field, and it. */
let early: Array<[Field, string | boolean]> = [];

/** The rich-text boxes (contenteditable) the reader had typed in before the page hydrated. */
let edited: HTMLElement[] = [];

declare global {
  interface Window {
    /** The editing hosts that heard input before the page's scripts came (EDIT_WATCH). */
    earlyEdits?: Set<EventTarget>;
  }
}

/**
 * For the page's head, ahead of everything: a rich-text box keeps no value from the server
 * to compare with, so the boxes typed in are noted as they are, until noteEarlyInput.
 */
export const EDIT_WATCH = `window.earlyEdits=new Set();document.addEventListener("input",function(e){if(window.earlyEdits&&e.target.isContentEditable)window.earlyEdits.add(e.target)},true)`;

/**
 * Notes, just before the page hydrates, every field the reader has changed in the server's
 * page: on a slow phone they see it seconds before its scripts. Hydrating, React puts a
 * filled-in text area back to the server's text, and every field's component still holds
 * the server's value, which its next render puts back: the reader's words would vanish.
 */
export function noteEarlyInput() {
  edited = [...(window.earlyEdits ?? [])].filter((box) => box instanceof HTMLElement);
  window.earlyEdits = undefined;
  early = [];
  for (const field of document.querySelectorAll<Field>("input, textarea, select")) {
    if (
      field instanceof HTMLInputElement &&
      (field.type === "checkbox" || field.type === "radio")
    ) {
      // A radio button left is one the reader chose another over: choosing that is enough.
      if (field.checked !== field.defaultChecked && (field.type === "checkbox" || field.checked)) {
        early.push([field, field.checked]);
      }
    } else if (field instanceof HTMLSelectElement) {
      if ([...field.options].some((option) => option.selected !== option.defaultSelected)) {
        early.push([field, field.value]);
      }
    } else if (!NOT_TYPED.has(field.type) && field.value !== field.defaultValue) {
      early.push([field, field.value]);
    }
  }
}

/** The reader has moved on from it: what a field does when left happens too. */
function leftBehind(field: HTMLElement) {
  if (field !== document.activeElement) {
    field.dispatchEvent(new FocusEvent("focusout", { bubbles: true }));
  }
}

/**
 * Once the page has hydrated, makes each change noted by noteEarlyInput again, as the
 * reader did, so that the field's own handlers take it up: the one home of this for every
 * field of every page. A field's handler only hears of a change from the value React last
 * saw, so the field is first set back to that through React's own setter, then to the
 * reader's value past it. Hydrating leaves a rich-text box's text as the reader made it
 * (React leaves what it was given as HTML alone), caret and all: its handler only has
 * to hear that it changed.
 */
export function useEarlyInputReplay() {
  useEffect(() => {
    for (const box of edited) {
      if (!box.isConnected) continue;
      box.dispatchEvent(new InputEvent("input", { bubbles: true, inputType: "insertText" }));
      leftBehind(box);
    }
    edited = [];
    for (const [field, value] of early) {
      if (!field.isConnected) continue;
      if (typeof value === "boolean" && field instanceof HTMLInputElement) {
        // A click ticks or unticks, and chooses a radio button, as the reader's did.
        field.checked = !value;
        field.click();
      } else if (field instanceof HTMLSelectElement) {
        field.dispatchEvent(new Event("change", { bubbles: true }));
      } else {
        field.value = field.defaultValue;
        Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), "value")?.set?.call(
          field,
          value,
        );
        field.dispatchEvent(new Event("input", { bubbles: true }));
      }
      // A tag typed becomes a chip, an address is checked.
      leftBehind(field);
    }
    early = [];
  }, []);
}

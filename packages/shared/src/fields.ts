/**
 * The `fields` query parameter of the API: `id,title,parts(id,title),user(username)`.
 * Every endpoint that honours `fields` parses it here and projects its answer with
 * `selectFields`, so the syntax and its errors are the same everywhere.
 */

import { formatCount } from "./format.ts";

export interface FieldSelection {
  [name: string]: FieldSelection | true;
}

export class FieldsSyntaxError extends Error {
  override name = "FieldsSyntaxError";
}

const MAX_LENGTH = 2000;
const MAX_DEPTH = 8;
const NAME = /[A-Za-z_][A-Za-z0-9_]*/y;

export function parseFields(expression: string): FieldSelection {
  if (expression.length > MAX_LENGTH) {
    throw new FieldsSyntaxError(`fields is longer than ${formatCount(MAX_LENGTH)} characters`);
  }
  let pos = 0;
  const skipSpace = () => {
    while (expression[pos] === " ") pos++;
  };
  const fail = (what: string): never => {
    throw new FieldsSyntaxError(`fields: ${what} at position ${pos + 1}`);
  };

  const parseList = (depth: number): FieldSelection => {
    if (depth > MAX_DEPTH) fail(`nesting deeper than ${formatCount(MAX_DEPTH)}`);
    const selection: FieldSelection = {};
    for (;;) {
      skipSpace();
      NAME.lastIndex = pos;
      const match = NAME.exec(expression);
      if (!match) fail("expected a field name");
      const name = (match as RegExpExecArray)[0];
      pos += name.length;
      skipSpace();
      if (expression[pos] === "(") {
        pos++;
        const nested = parseList(depth + 1);
        skipSpace();
        if (expression[pos] !== ")") fail("expected ')'");
        pos++;
        const existing = selection[name];
        selection[name] =
          existing && existing !== true ? mergeSelections(existing, nested) : nested;
      } else if (!(name in selection)) {
        selection[name] = true;
      }
      skipSpace();
      if (expression[pos] !== ",") return selection;
      pos++;
    }
  };

  if (expression.trim() === "") fail("expected a field name");
  const selection = parseList(0);
  skipSpace();
  if (pos < expression.length) fail(`unexpected '${expression[pos]}'`);
  return selection;
}

function mergeSelections(a: FieldSelection, b: FieldSelection): FieldSelection {
  const merged: FieldSelection = { ...a };
  for (const [name, sub] of Object.entries(b)) {
    const mine = merged[name];
    if (mine === undefined || mine === true) merged[name] = sub;
    else if (sub !== true) merged[name] = mergeSelections(mine, sub);
  }
  return merged;
}

type Json = unknown;

/**
 * Keeps only the selected fields of a value: objects are picked, arrays are mapped,
 * a nested selection applies to the nested value. Fields the value does not have are
 * left out rather than reported, as clients ask for fields across several kinds
 * (decision 117).
 */
export function selectFields(value: Json, selection: FieldSelection | undefined): Json {
  if (!selection || value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map((item) => selectFields(item, selection));
  const source = value as Record<string, Json>;
  const picked: Record<string, Json> = {};
  for (const [name, sub] of Object.entries(selection)) {
    if (!Object.hasOwn(source, name)) continue;
    picked[name] = sub === true ? source[name] : selectFields(source[name], sub);
  }
  return picked;
}

/** The names a selection asks for at the top level, to skip work nobody asked for. */
export function wantsField(selection: FieldSelection | undefined, name: string): boolean {
  return !selection || Object.hasOwn(selection, name);
}

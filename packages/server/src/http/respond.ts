import { type FieldSelection, FieldsSyntaxError, parseFields, selectFields } from "@inkwell/shared";
import { badRequest } from "./errors.ts";

/** Parses the optional `fields` query value, turning a syntax error into a 400. */
export function fieldsFrom(expression: string | undefined): FieldSelection | undefined {
  if (expression === undefined) return undefined;
  try {
    return parseFields(expression);
  } catch (error) {
    if (error instanceof FieldsSyntaxError)
      throw badRequest(error.message, { fields: error.message });
    throw error;
  }
}

/** An answer object projected to the fields the client asked for. */
export function project(body: object, selection?: FieldSelection): Record<string, unknown> {
  return selectFields(body, selection) as Record<string, unknown>;
}

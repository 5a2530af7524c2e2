import { type Compilable, CompiledQuery, type Kysely } from "kysely";

/** Parameter values that stand in for a template's arguments while it is compiled. */
const SLOT_BASE = -739_104_000;

interface Compiled {
  sql: string;
  parameters: readonly unknown[];
  /** For each parameter, the argument it takes (or -1 to keep the compiled value). */
  slots: number[];
}

/**
 * A query compiled once per database and then run with new numeric arguments (ids).
 * Building and compiling a Kysely query costs several times what SQLite takes to run a
 * small indexed one, and the pages that every reader opens run the same few shapes on
 * every request. `build` receives placeholder numbers: use each argument as a plain
 * value (`where("id", "=", id)`), not in arithmetic or to choose the query's shape.
 */
export function queryTemplate<DB, Row, Args extends number[]>(
  build: (db: Kysely<DB>, ...args: Args) => Compilable<Row>,
): (db: Kysely<DB>, ...args: Args) => Promise<Row[]> {
  const compiledFor = new WeakMap<Kysely<DB>, Compiled>();
  return async (db, ...args) => {
    let compiled = compiledFor.get(db);
    if (!compiled) {
      const placeholders = args.map((_, index) => SLOT_BASE - index) as Args;
      const query = build(db, ...placeholders).compile();
      const slots = query.parameters.map((value) =>
        typeof value === "number" && value <= SLOT_BASE && value > SLOT_BASE - args.length
          ? SLOT_BASE - value
          : -1,
      );
      for (const index of args.keys()) {
        if (!slots.includes(index)) throw new Error(`queryTemplate: argument ${index} unused`);
      }
      compiled = { sql: query.sql, parameters: query.parameters, slots };
      compiledFor.set(db, compiled);
    }
    const { sql, parameters, slots } = compiled;
    const values = parameters.map((value, index) => {
      const slot = slots[index] ?? -1;
      return slot === -1 ? value : args[slot];
    });
    const result = await db.executeQuery<Row>(CompiledQuery.raw(sql, values));
    return result.rows;
  };
}

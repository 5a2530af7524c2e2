import type { Kysely } from "kysely";
import type { Engine } from "../db/engine.ts";
import type { Database } from "../db/schema.ts";
import type { MaybeViewer } from "../viewer.ts";

/** What every route can reach: the database and the acting user of this request. */
export interface AppEnv {
  Variables: {
    db: Kysely<Database>;
    engine: Engine;
    viewer: MaybeViewer;
  };
}

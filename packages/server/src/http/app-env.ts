import type { Kysely } from "kysely";
import type { Engine } from "../db/engine.ts";
import type { Database } from "../db/schema.ts";
import type { MaybeViewer } from "../viewer.ts";

/**
 * What every route can reach: the database, the acting user of this request, the site's
 * public origin (decided at start-up, http/public-url.ts; never the request's), how
 * many proxies in front of it to trust for the client's address (request-info.ts), and
 * what ad decisions read of the configuration: the header a trusted proxy names the
 * request's country in, and the countries shown no ads (ad-audience.ts).
 */
export interface AppEnv {
  Variables: {
    db: Kysely<Database>;
    engine: Engine;
    viewer: MaybeViewer;
    publicUrl: string;
    trustedProxies: number;
    countryHeader: string | null;
    adExemptCountries: ReadonlySet<string>;
  };
}

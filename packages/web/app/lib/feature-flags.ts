import type { Features } from "@inkwell/shared";
import type { ApiClient } from "../api/client.ts";

/**
 * The feature flags, or null (empty flags) when they cannot be fetched (§8): the failure
 * is logged and the page goes on as if no flag were set, rather than failing with them.
 */
export function loadFeatures(api: ApiClient): Promise<Features | null> {
  return api.features().catch((error: unknown) => {
    console.error("fetching feature flags failed", error);
    return null;
  });
}

import type { ContinueReadingSections, HomeFeed } from "@inkwell/shared";
import { json, type Requests } from "./http.ts";

export const homeCalls = ({ get, call }: Requests) => ({
  /** The reader's home feed; `cache` only keeps browsers and proxies from reusing it. */
  homeFeed: () => get<HomeFeed>(`/v5/home?cache=${Date.now()}`),
  /** The continue-reading strip's section with fresh items, from its dynamic.path. */
  continueReading: (path: string) => get<ContinueReadingSections>(path),
  /** Saves the genres picked at onboarding. */
  savePreferredTags: (username: string, preferredTags: string[]) =>
    call<{ preferredTags: string[] }>(
      `/v5/users/${encodeURIComponent(username)}/content-settings`,
      json("POST", { preferredTags }),
    ),
});

import type { BlockedUsers, ContentSettings, IgnoredUsers } from "@inkwell/shared";
import { json, noBody, type Requests } from "./http.ts";

/** Safety: content settings, mute and block (accounts-safety-messaging.md §7). */
export const safetyCalls = ({ get, call }: Requests) => ({
  contentSettings: (username: string) =>
    get<ContentSettings>(`/v5/users/${encodeURIComponent(username)}/content-settings`),
  setIncludeMature: (username: string, includeMature: boolean) =>
    call<ContentSettings>(
      `/v5/users/${encodeURIComponent(username)}/content-settings/include-mature`,
      json("PUT", { includeMature }),
    ),
  setBlockedTags: (username: string, blockedTags: string[]) =>
    call<ContentSettings>(
      `/v5/users/${encodeURIComponent(username)}/content-settings/blocked-tags`,
      json("PUT", { blockedTags }),
    ),
  /** Mutes (on) or unmutes `username`. */
  mute: (username: string, on: boolean) =>
    call<{ code: number; message: string }>(
      `/apiv2/ignoreuser?${new URLSearchParams({ id: username, action: on ? "ignore_user" : "unignore_user" })}`,
      noBody("POST"),
    ),
  mutedUsers: () => call<IgnoredUsers>("/apiv2/ignoreuser?action=get_ignored_web", noBody("POST")),
  /** Blocks (on) or unblocks `username`. */
  block: (username: string, on: boolean) =>
    call<{ username: string; isBlocked: boolean }>(
      `/v4/users/${encodeURIComponent(username)}/blocks`,
      noBody(on ? "POST" : "DELETE"),
    ),
  blockedUsers: (username: string) =>
    call<BlockedUsers>(
      `/v4/users/${encodeURIComponent(username)}/blocks?get_all=true`,
      noBody("GET"),
    ),
});

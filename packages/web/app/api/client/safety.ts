import type { BlockedUsers, ContentSettings, IgnoredUsers } from "@inkwell/shared";
import { json, type Requests } from "./http.ts";

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
      { method: "POST", headers: { accept: "application/json" } },
    ),
  mutedUsers: () =>
    call<IgnoredUsers>("/apiv2/ignoreuser?action=get_ignored_web", {
      method: "POST",
      headers: { accept: "application/json" },
    }),
  /** Blocks (on) or unblocks `username`. */
  block: (username: string, on: boolean) =>
    call<{ username: string; isBlocked: boolean }>(
      `/v4/users/${encodeURIComponent(username)}/blocks`,
      { method: on ? "POST" : "DELETE", headers: { accept: "application/json" } },
    ),
  blockedUsers: (username: string) =>
    call<BlockedUsers>(`/v4/users/${encodeURIComponent(username)}/blocks?get_all=true`, {
      headers: { accept: "application/json" },
    }),
});

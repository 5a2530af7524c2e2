import type { FollowState, ProfileEdit, StoryList, UserList, UserProfile } from "@inkwell/shared";
import { json, type PageQuery, pageParams, type Requests, userPath } from "./http.ts";

/** Profiles: a user's page, stories and people, and following. */
export const usersCalls = ({ get, call }: Requests) => ({
  profile: (username: string) => get<UserProfile>(userPath(username)),
  /** The signed-in user's own profile: only the fields given change (ProfileEdit). */
  editProfile: (username: string, edit: ProfileEdit) =>
    call<UserProfile>(userPath(username), json("PATCH", edit)),
  userStories: (username: string, page: PageQuery) =>
    get<StoryList>(userPath(username, `/stories?${pageParams(page)}`)),
  /** The user's followers or the people they follow, newest follow first. */
  people: (username: string, list: "followers" | "following", page: PageQuery) =>
    get<UserList>(userPath(username, `/${list}?${pageParams(page)}`)),
  /** The signed-in user follows (on) or unfollows `username`; answers the new state. */
  follow: (currentUsername: string, username: string, on: boolean) =>
    call<FollowState>(
      userPath(currentUsername, "/following"),
      json(on ? "POST" : "DELETE", { users: username }),
    ),
});

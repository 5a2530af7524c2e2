import {
  abbreviateCount,
  type SearchProfile,
  truncate,
  type UserSearchResult,
} from "@inkwell/shared";
import { useState } from "react";
import { browserApi } from "../../api/client.ts";
import { Avatar } from "../../components/avatar.tsx";
import { UserBadges } from "../../components/user-badges.tsx";
import { t } from "../../i18n/index.ts";
import { useCurrentUser } from "../../lib/current-user.ts";
import { useSteppedList } from "../../lib/use-stepped-list.tsx";
import { FollowButton } from "../profiles/follow-button.tsx";
import { searchPath } from "./filters.ts";
import { NoResults } from "./no-results.tsx";

/** Profile search (accounts-safety-messaging.md §9): pages of 10; 10 shown first on a phone, 20 wider. */
export const PROFILE_PAGE = 10;
export const PROFILE_FIRST = 20;

interface ProfileResultsProps {
  term: string;
  first: UserSearchResult;
  offset: number;
}

export function ProfileResults({ term, first, offset }: ProfileResultsProps) {
  const { items, hiddenOnMobile, button, failure } = useSteppedList<SearchProfile>({
    first: { items: first.users, next: first.nextUrl },
    mobileStep: PROFILE_PAGE,
    keyOf: (profile) => profile.username.toLowerCase(),
    load: async (_next, loaded) => {
      const page = await browserApi().searchUsers(term, {
        limit: PROFILE_PAGE,
        offset: offset + loaded,
      });
      return { items: page.users, next: page.nextUrl };
    },
    moreHref: `${searchPath(term, "people")}?offset=${offset + first.users.length}`,
  });
  if (items.length === 0) return <NoResults hint={t.search.profilesHint} />;
  return (
    <>
      <ul className="profile-results" aria-label={t.search.profileResults(term)}>
        {items.map((profile, index) => (
          <li key={profile.username} data-mobile-hidden={hiddenOnMobile(index)}>
            <ProfileResult profile={profile} />
          </li>
        ))}
      </ul>
      {button}
      {failure}
    </>
  );
}

/** The card's cut of a profile's About, as long as a story card's description (§9: 170). */
const ABOUT_CUT = 170;

/**
 * Username, name, avatar, badges, the start of their About, the three counts and Follow (not
 * on one's own card).
 */
function ProfileResult({ profile }: { profile: SearchProfile }) {
  const viewer = useCurrentUser();
  const [follow, setFollow] = useState({
    following: profile.following,
    numFollowers: profile.numFollowers,
  });
  const isSelf = viewer?.username.toLowerCase() === profile.username.toLowerCase();
  return (
    <article className="profile-result">
      <a className="profile-result__who" href={`/user/${profile.username}`}>
        <Avatar src={profile.avatar} name={profile.name} size={64} />
        <span className="profile-result__names">
          <span className="profile-result__name">
            {profile.name}
            <UserBadges badges={profile.badges} />
          </span>
          <span className="profile-result__username">@{profile.username}</span>
        </span>
      </a>
      {profile.description && (
        <p className="profile-result__about">{truncate(profile.description, ABOUT_CUT)}</p>
      )}
      <ul className="profile-result__counts">
        <li>{t.search.storiesCount(abbreviateCount(profile.numStoriesPublished))}</li>
        <li>{t.search.listsCount(profile.numLists)}</li>
        <li>{t.search.followersCount(follow.numFollowers)}</li>
      </ul>
      {!isSelf && <FollowButton username={profile.username} state={follow} onChange={setFollow} />}
    </article>
  );
}

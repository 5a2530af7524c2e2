import { backgroundSource, type UserProfile } from "@inkwell/shared";
import { type ReactNode, useState } from "react";
import { Avatar } from "../../components/avatar.tsx";
import { Count } from "../../components/count.tsx";
import { ScriptButton } from "../../components/script-button.tsx";
import { UserBadges } from "../../components/user-badges.tsx";
import { t } from "../../i18n/index.ts";
import { useCurrentUser } from "../../lib/current-user.ts";
import { FollowButton, type FollowCount } from "./follow-button.tsx";

/** "November 2024": the month an account was made, the same on the server and in the browser. */
const joinedOn = (iso: string) =>
  new Date(iso).toLocaleDateString("en-US", { month: "long", year: "numeric", timeZone: "UTC" });

/**
 * The profile's header: background picture (or the user's highlight colour, or the accent),
 * avatar, name, badges, when they joined, counts and, for anyone but the user themself,
 * Follow and the safety menu; for the user, Edit profile.
 */
export function ProfileHeader({
  profile,
  safetyMenu,
  onEdit,
}: {
  profile: UserProfile;
  /** The viewer's mute and block controls (features/safety), for signed-in others. */
  safetyMenu?: ReactNode;
  /** Opens the profile form: shown to the profile's owner only. */
  onEdit?: () => void;
}) {
  const viewer = useCurrentUser();
  const loaded = (): FollowCount => ({
    following: profile.following,
    numFollowers: profile.numFollowers,
  });
  const [follow, setFollow] = useState<FollowCount>(loaded);
  // The page loaded the profile again (a block ends following both ways): the server's word
  // replaces what Follow last said.
  const [shown, setShown] = useState(profile);
  if (shown !== profile) {
    setShown(profile);
    setFollow(loaded());
  }
  const isSelf = viewer?.username.toLowerCase() === profile.username.toLowerCase();
  const counts = [
    { key: "works", label: t.profile.works, value: profile.numStoriesPublished },
    { key: "lists", label: t.profile.readingLists, value: profile.numLists },
    { key: "followers", label: t.profile.followers, value: follow.numFollowers },
  ];
  return (
    <header className="profile-header">
      <div
        className="profile-header__band"
        // The shorthand: the default band is a gradient, which a colour must replace.
        style={profile.highlight_colour ? { background: profile.highlight_colour } : undefined}
      >
        {profile.backgroundUrl && (
          <img
            className="profile-header__background"
            src={backgroundSource(profile.backgroundUrl)}
            alt=""
          />
        )}
      </div>
      <div className="profile-header__body">
        <span className="profile-header__avatar">
          <Avatar src={profile.avatar} name={profile.name} size={128} />
        </span>
        <h1 className="profile-header__name">
          {profile.name}
          <UserBadges badges={profile.badges} />
        </h1>
        <p className="profile-header__username">@{profile.username}</p>
        <p className="profile-header__joined">{t.profile.joined(joinedOn(profile.createDate))}</p>
        <dl className="profile-header__counts">
          {counts.map(({ key, label, value }) => (
            <div key={key}>
              <dt>{label}</dt>
              <dd>
                <Count value={value} />
              </dd>
            </div>
          ))}
        </dl>
        <div className="profile-header__actions">
          {/* A block ends following both ways, and the server refuses a new follow. */}
          {!isSelf && !profile.safety.isBlocked && (
            <FollowButton username={profile.username} state={follow} onChange={setFollow} />
          )}
          {isSelf && onEdit && (
            <ScriptButton className="button" onClick={onEdit}>
              {t.profile.edit.open}
            </ScriptButton>
          )}
          {safetyMenu}
        </div>
      </div>
    </header>
  );
}

import {
  isModerator,
  linkify,
  mayModerateAccount,
  type ProfileMessagePage,
  type UserList,
} from "@inkwell/shared";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import {
  isRouteErrorResponse,
  useLocation,
  useNavigate,
  useRevalidator,
  useRouteError,
} from "react-router";
import { apiContext } from "../api/context.ts";
import { ErrorPage, UserNotFound } from "../components/error-page.tsx";
import { ListLinks } from "../features/lists/list-links.tsx";
import { ProfileConversations } from "../features/profile-messages/profile-conversations.tsx";
import { EDIT_PROFILE_HASH } from "../features/profiles/edit-profile-link.ts";
import { useHidePicture } from "../features/profiles/hide-picture.tsx";
import { PeopleList } from "../features/profiles/people-list.tsx";
import { ProfileHeader } from "../features/profiles/profile-header.tsx";
import { ProfileStories } from "../features/profiles/profile-stories.tsx";
import { useReportOnDemand } from "../features/reports/use-report-on-demand.tsx";
import { BannedImageNotice } from "../features/safety/banned-image.tsx";
import { ProfileSafetyMenu } from "../features/safety/profile-safety-menu.tsx";
import { useModeration } from "../features/safety/use-moderation.tsx";
import { useSafetyActions } from "../features/safety/use-safety-actions.tsx";
import { t } from "../i18n/index.ts";
import { useCurrentUser } from "../lib/current-user.ts";
import { orNotFound } from "../lib/route-data.ts";
import type { Route } from "./+types/user";

// Only the owner ever opens it: other visitors never download the form.
const EditProfileModal = lazy(() =>
  import("../features/profiles/edit-profile-modal.tsx").then((module) => ({
    default: module.EditProfileModal,
  })),
);

const STORIES_PAGE = 12;
const PEOPLE_PAGE = 10;
const LISTS_PAGE = 200;
const NO_MESSAGES: ProfileMessagePage = { messages: [], total: 0, nextUrl: null, notice: null };

export async function loader({ params, context }: Route.LoaderArgs) {
  const api = context.get(apiContext);
  const username = params.username ?? "";
  // The lists answer 404 too for an unknown user, so all four become the page's 404.
  const [profile, stories, followers, following, lists, messages] = await orNotFound(
    Promise.all([
      api.profile(username),
      api.userStories(username, { limit: STORIES_PAGE, offset: 0 }),
      api.people(username, "followers", { limit: PEOPLE_PAGE, offset: 0 }),
      api.people(username, "following", { limit: PEOPLE_PAGE, offset: 0 }),
      api.readingLists(username, { limit: LISTS_PAGE, offset: 0 }),
      // §8: a conversation that fails to load is an empty list, not a broken profile.
      api.profileMessages(username).catch(() => NO_MESSAGES),
    ]),
  );
  // The owner's own answer includes their private lists; a profile shows the public ones.
  const publicLists = lists.lists.filter((list) => !list.isPrivate);
  return { profile, stories, followers, following, publicLists, messages, now: Date.now() };
}

export function meta({ loaderData: data }: Route.MetaArgs) {
  if (!data) return [];
  const { profile } = data;
  return [
    { title: `${t.profile.title(profile.name, profile.username)} · ${t.brand}` },
    { name: "description", content: profile.description.slice(0, 300) },
  ];
}

export default function UserPage({ loaderData }: Route.ComponentProps) {
  const { profile, stories, followers, following, publicLists, messages, now } = loaderData;
  const { username, name } = profile;
  const viewer = useCurrentUser();
  const revalidator = useRevalidator();
  // A mute or block changes what this page may show: ask the server again.
  const { ask, toast, modal } = useSafetyActions(() => revalidator.revalidate());
  // A closed account's profile is gone: the page then says so (User not found).
  const { askModeration, moderationToast, moderationModal } = useModeration(() =>
    revalidator.revalidate(),
  );
  const { report, reportModal } = useReportOnDemand();
  const { hideActions, hideToast, hideModal } = useHidePicture(() => revalidator.revalidate());
  const [editing, setEditing] = useState(false);
  // Mounted from the first opening on, so that closing hands focus back as a dialog does.
  const [editOpened, setEditOpened] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  const moderator = viewer !== null && isModerator(viewer) && !profile.badges.includes("staff");
  // Close Account and Time-out follow the service's rule; whether the profile is a system
  // admin's is not public, and the service refuses that case with its message.
  const mayCloseOrTimeOut =
    viewer !== null &&
    mayModerateAccount(viewer, {
      isStaff: profile.badges.includes("staff"),
      isAmbassador: profile.badges.includes("ambassador"),
      isSysAdmin: false,
    });
  const isSelf = viewer?.username.toLowerCase() === username.toLowerCase();
  const openEditor = () => {
    setSaved(null);
    setEditing(true);
    setEditOpened(true);
  };
  // Settings' Edit profile lands here asking for the form; the hash goes once it is open,
  // so that a reload or Back shows the profile itself.
  const { hash } = useLocation();
  const navigate = useNavigate();
  // biome-ignore lint/correctness/useExhaustiveDependencies: opens once per arrival with the hash
  useEffect(() => {
    if (!isSelf || hash !== EDIT_PROFILE_HASH) return;
    openEditor();
    navigate({ hash: "" }, { replace: true, preventScrollReset: true });
  }, [isSelf, hash]);
  // Restricted (accounts-safety-messaging.md §2): About, Conversations and Following only.
  const restricted = profile.safety.isMuted || profile.safety.isBlocked;
  // The menu item that started a mute, block or moderation is gone once it is done: focus
  // goes to the line saying what happened, not to the page's body.
  const message = toast ?? moderationToast ?? hideToast ?? saved;
  const bannedPictures = [profile.bannedAvatar, profile.bannedBackground].filter(
    (url): url is string => url !== undefined,
  );
  const messageLine = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (message) messageLine.current?.focus();
  }, [message]);
  return (
    // Keyed by user: lists and follow state start afresh on another profile.
    <article className="profile" key={username}>
      <ProfileHeader
        profile={profile}
        onEdit={isSelf ? openEditor : undefined}
        safetyMenu={
          !isSelf && (
            <ProfileSafetyMenu
              target={{ username, name }}
              safety={profile.safety}
              ask={viewer ? ask : undefined}
              report={() =>
                report({
                  type: "user",
                  username,
                  reference: { name, location: `/user/${username}` },
                })
              }
              moderate={mayCloseOrTimeOut ? askModeration : undefined}
              pictureActions={moderator ? hideActions(profile) : undefined}
            />
          )
        }
      />
      <p className="profile__toast live-region" role="status" ref={messageLine} tabIndex={-1}>
        {message}
      </p>
      {bannedPictures.map((url) => (
        <BannedImageNotice key={url} imageUrl={url} thumbnail />
      ))}
      {modal}
      {moderationModal}
      {hideModal}
      {editOpened && (
        <Suspense fallback={null}>
          <EditProfileModal
            open={editing}
            profile={profile}
            onClose={() => setEditing(false)}
            onSaved={() => {
              setEditing(false);
              setSaved(t.profile.edit.saved);
              revalidator.revalidate();
            }}
          />
        </Suspense>
      )}
      {reportModal}
      <div className={restricted ? "profile__body profile__body--restricted" : "profile__body"}>
        {restricted && (
          <p className="profile__restricted">
            {profile.safety.isBlocked
              ? t.safety.restrictedBlocked(name)
              : t.safety.restrictedMuted(name)}
          </p>
        )}
        {profile.description.trim() && (
          <section className="profile__about" aria-labelledby="about-heading">
            <h2 id="about-heading">{t.profile.about}</h2>
            <p
              className="profile__description"
              // linkify escapes the text first, then links URLs, @mentions and #tags.
              // biome-ignore lint/security/noDangerouslySetInnerHtml: escaped by linkify
              dangerouslySetInnerHTML={{ __html: linkify(profile.description) }}
            />
          </section>
        )}
        <div className="profile__main">
          {!restricted && (
            <section className="profile__stories" aria-labelledby="stories-heading">
              <h2 id="stories-heading">{t.profile.stories(name)}</h2>
              <ProfileStories
                username={username}
                first={stories}
                pageSize={STORIES_PAGE}
                label={t.profile.stories(name)}
                empty={t.profile.noStories}
              />
            </section>
          )}
          <ProfileConversations
            // A reload (after a mute or block) brings a new first page: start from it.
            key={now}
            profile={{ username, name }}
            first={messages}
            now={now}
            report={(message) =>
              report({
                type: "public-message",
                id: message.id,
                username: message.from.username,
                reference: {
                  name: message.from.name,
                  body: message.body.slice(0, 500),
                  deepLink: `/user/${username}#message-${message.id}`,
                },
              })
            }
          />
        </div>
        <div className="profile__side">
          {!restricted && (
            <>
              <section className="profile__lists" aria-labelledby="lists-heading">
                <h2 id="lists-heading">{t.profile.readingLists}</h2>
                <ListLinks
                  lists={publicLists}
                  label={t.lists.ofUser(name)}
                  empty={t.lists.noLists}
                />
              </section>
              <PeopleSection list="followers" first={followers} of={{ username, name }} />
            </>
          )}
          <PeopleSection
            list="following"
            first={following}
            of={{ username, name }}
            restricted={restricted}
          />
        </div>
      </div>
    </article>
  );
}

const PEOPLE_WORDS = {
  followers: {
    heading: t.profile.followers,
    label: t.profile.followersOf,
    empty: t.profile.noFollowers,
  },
  following: {
    heading: t.profile.following,
    label: t.profile.followingOf,
    empty: t.profile.noFollowing,
  },
};

/** A profile's followers or the people it follows, under their heading. */
function PeopleSection({
  list,
  first,
  of,
  restricted = false,
}: {
  list: "followers" | "following";
  first: UserList;
  of: { username: string; name: string };
  /** The profile shows only this list (see app.css). */
  restricted?: boolean;
}) {
  const words = PEOPLE_WORDS[list];
  const className = `profile__${list}`;
  return (
    <section
      className={restricted ? `${className} ${className}--restricted` : className}
      aria-labelledby={`${list}-heading`}
    >
      <h2 id={`${list}-heading`}>{words.heading}</h2>
      <PeopleList
        username={of.username}
        list={list}
        first={first}
        pageSize={PEOPLE_PAGE}
        label={words.label(of.name)}
        empty={words.empty}
      />
    </section>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <UserNotFound />;
  return <ErrorPage kind="generic" />;
}

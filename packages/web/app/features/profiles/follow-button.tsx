import { UserCheck, UserPlus } from "lucide";
import { useState } from "react";
import { browserApi } from "../../api/client.ts";
import { failureOf, LiveAlert, useLiveMessage } from "../../components/alert.tsx";
import { BusyButton } from "../../components/busy-button.tsx";
import { Icon } from "../../components/icon.tsx";
import { t } from "../../i18n/index.ts";
import { useCurrentUser } from "../../lib/current-user.ts";
import { useInteractionGate } from "../accounts/interaction-gate.tsx";

export interface FollowCount {
  following: boolean;
  numFollowers: number;
}

interface FollowButtonProps {
  username: string;
  state: FollowCount;
  /** The profile shows the follower count, so the state lives with it. */
  onChange: (state: FollowCount) => void;
}

/**
 * Follow or unfollow: the count moves at once and goes back, with a message, if the server
 * refuses. Following is gated (sign-up for visitors, please-verify for unverified readers);
 * unfollowing never is, as the server allows it to everyone signed in.
 */
export function FollowButton({ username, state, onChange }: FollowButtonProps) {
  const viewer = useCurrentUser();
  const { guard, modals } = useInteractionGate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useLiveMessage<string>();

  async function toggle() {
    if (!viewer || busy) return;
    const before = state;
    const on = !before.following;
    onChange({ following: on, numFollowers: before.numFollowers + (on ? 1 : -1) });
    setBusy(true);
    setError(null);
    const result = await browserApi()
      .follow(viewer.username, username, on)
      .catch(() => null);
    const after = result?.ok ? result.value.users[0] : undefined;
    if (after) {
      onChange({ following: after.following, numFollowers: after.numFollowers });
    } else {
      onChange(before);
      setError(on ? t.profile.followFailed : t.profile.unfollowFailed);
    }
    setBusy(false);
  }

  return (
    <div className="follow">
      <BusyButton
        className={state.following ? "button follow__button--on" : "button button--primary"}
        type="button"
        aria-pressed={state.following}
        busy={busy}
        onClick={() => (state.following ? toggle() : guard(toggle))}
      >
        {state.following ? (
          <Icon of={UserCheck} aria-hidden="true" size={18} />
        ) : (
          <Icon of={UserPlus} aria-hidden="true" size={18} />
        )}
        {state.following ? t.profile.following : t.profile.follow}
      </BusyButton>
      <LiveAlert message={failureOf(error)} />
      {modals}
    </div>
  );
}

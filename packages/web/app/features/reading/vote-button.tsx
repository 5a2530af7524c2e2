import { Star } from "lucide";
import { useState } from "react";
import { browserApi } from "../../api/client.ts";
import { failureOf, LiveAlert, useLiveMessage } from "../../components/alert.tsx";
import { BusyButton } from "../../components/busy-button.tsx";
import { Icon } from "../../components/icon.tsx";
import { t } from "../../i18n/index.ts";
import { useInteractionGate } from "../accounts/interaction-gate.tsx";

interface VoteButtonProps {
  storyId: number;
  partId: number;
  voted: boolean;
  votes: number;
}

/**
 * Vote for a part: optimistic, reverted with a message when the server refuses or the
 * network fails; gated for visitors.
 */
export function VoteButton({
  storyId,
  partId,
  voted: initialVoted,
  votes: initialVotes,
}: VoteButtonProps) {
  const { guard, modals } = useInteractionGate();
  const [state, setState] = useState({ voted: initialVoted, votes: initialVotes });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useLiveMessage<string>();

  async function toggle() {
    if (busy) return;
    const before = state;
    setState({ voted: !before.voted, votes: before.votes + (before.voted ? -1 : 1) });
    setBusy(true);
    setError(null);
    const result = await browserApi()
      .vote(storyId, partId, !before.voted)
      .catch(() => null);
    if (result?.ok) {
      setState(result.value);
    } else {
      setState(before);
      // A refusal that says why is shown as it is; any other failure asks for another try.
      const told = result && result.refusal.code !== "internal" && result.refusal.message;
      setError(told || (before.voted ? t.vote.unvoteFailed : t.vote.voteFailed));
    }
    setBusy(false);
  }

  return (
    <>
      <BusyButton
        className={state.voted ? "button vote-button vote-button--on" : "button vote-button"}
        type="button"
        aria-pressed={state.voted}
        busy={busy}
        onClick={() => guard(toggle)}
      >
        <Icon of={Star} aria-hidden="true" size={18} fill={state.voted ? "currentColor" : "none"} />
        {state.voted ? t.vote.voted : t.vote.vote}
        <span className="vote-button__count">{t.vote.count(state.votes)}</span>
      </BusyButton>
      <LiveAlert message={failureOf(error)} />
      {modals}
    </>
  );
}

import { Star } from "lucide";
import { useState } from "react";
import { browserApi } from "../../api/client.ts";
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

/** Vote for a part: optimistic, reverted when the server refuses; gated for visitors. */
export function VoteButton({
  storyId,
  partId,
  voted: initialVoted,
  votes: initialVotes,
}: VoteButtonProps) {
  const { guard, modals } = useInteractionGate();
  const [state, setState] = useState({ voted: initialVoted, votes: initialVotes });
  const [busy, setBusy] = useState(false);

  async function toggle() {
    if (busy) return;
    const before = state;
    setState({ voted: !before.voted, votes: before.votes + (before.voted ? -1 : 1) });
    setBusy(true);
    const result = await browserApi()
      .vote(storyId, partId, !before.voted)
      .catch(() => null);
    setState(result?.ok ? result.value : before);
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
      {modals}
    </>
  );
}

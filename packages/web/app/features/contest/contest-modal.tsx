import type { ContestInfo } from "@inkwell/shared";
import { useEffect, useState } from "react";
import { browserApi } from "../../api/client.ts";
import { LoadingStatus } from "../../components/alert.tsx";
import { Modal } from "../../components/modal.tsx";
import { ScriptButton } from "../../components/script-button.tsx";
import { t } from "../../i18n/index.ts";
import { ContestEntry } from "./contest-entry.tsx";
import type { Submitted } from "./contest-form.tsx";
import { ContestSuccess } from "./contest-success.tsx";
import { type ContestEntryData, loadContestEntry } from "./load-contest-entry.ts";

interface ContestModalProps {
  open: boolean;
  contest: ContestInfo;
  storyId: number;
  onClose: () => void;
  onSubmitted: () => void;
}

/**
 * The contest form in a modal (§2), opened from the story editor's banner: on success it
 * switches to the success view instead of leaving the page.
 */
export function ContestModal({ open, ...props }: ContestModalProps) {
  // A new attempt mounts a new body, which fetches again.
  const [attempt, setAttempt] = useState(0);
  return (
    <Modal
      open={open}
      title={t.contest.modalTitle(props.contest.year)}
      onClose={props.onClose}
      className="contest-modal"
    >
      <ContestModalBody key={attempt} {...props} onRetry={() => setAttempt(attempt + 1)} />
    </Modal>
  );
}

type Loaded =
  | { state: "loading" }
  | { state: "failed" }
  | { state: "ready"; entry: ContestEntryData }
  | { state: "done"; entry: ContestEntryData; result: Submitted };

/** The story's entry as the server has it, fetched each time the modal opens. */
function ContestModalBody({
  contest,
  storyId,
  onClose,
  onSubmitted,
  onRetry,
}: Omit<ContestModalProps, "open"> & { onRetry: () => void }) {
  const [loaded, setLoaded] = useState<Loaded>({ state: "loading" });
  useEffect(() => {
    let current = true;
    loadContestEntry(browserApi(), contest, storyId).then(
      (entry) => current && setLoaded({ state: "ready", entry }),
      () => current && setLoaded({ state: "failed" }),
    );
    return () => {
      current = false;
    };
  }, [contest, storyId]);

  return (
    <div className="modal__form">
      <LoadingStatus
        loading={loaded.state === "loading" && t.contest.loading}
        failure={loaded.state === "failed" && t.contest.loadFailed}
      />
      {loaded.state === "failed" && (
        <ScriptButton className="button" onClick={onRetry}>
          {t.contest.retry}
        </ScriptButton>
      )}
      {loaded.state === "ready" && (
        <ContestEntry
          entry={loaded.entry}
          sectionLevel={3}
          onSubmitted={(result) => {
            setLoaded({ state: "done", entry: loaded.entry, result });
            onSubmitted();
          }}
        />
      )}
      {loaded.state === "done" && (
        <ContestSuccess
          storyId={storyId}
          storyTitle={loaded.entry.eligibility.storyTitle}
          year={contest.year}
          addedTag={loaded.result.hasAddedTag ? contest.tag : null}
          onClose={onClose}
        />
      )}
    </div>
  );
}

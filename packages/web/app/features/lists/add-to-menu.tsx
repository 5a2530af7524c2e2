import { Plus } from "lucide";
import { Icon } from "../../components/icon.tsx";
import { ScriptButton } from "../../components/script-button.tsx";
import { t } from "../../i18n/index.ts";
import { useCurrentUser } from "../../lib/current-user.ts";
import { usePopover } from "../../lib/use-popover.ts";
import { useInteractionGate } from "../accounts/interaction-gate.tsx";
import { AddToPanel } from "./add-to-panel.tsx";

/**
 * "Add to" and its popover (reader.md §2). The gate asks unverified readers to verify first.
 * Pages show it through AddToButton, which loads it.
 */
export interface AddToMenuProps {
  storyId: number;
  large?: boolean;
  /** Told whether the story is in the Library, as the popover loads and after each change. */
  onLibraryChange?: (inLibrary: boolean) => void;
}

export function AddToMenu({ storyId, large = true, onLibraryChange }: AddToMenuProps) {
  const user = useCurrentUser();
  const { guard, modals } = useInteractionGate();
  const { open, toggle, root, button, popover, popoverId } = usePopover();

  return (
    <div className="add-to" ref={root}>
      <ScriptButton
        ref={button}
        className={`button${large ? " button--large" : ""}`}
        aria-expanded={open}
        aria-haspopup="dialog"
        aria-controls={open ? popoverId : undefined}
        onClick={() => toggle(guard)}
      >
        <Icon of={Plus} aria-hidden="true" size={18} />
        {t.story.addTo}
      </ScriptButton>
      {open && user && (
        <div
          ref={popover}
          id={popoverId}
          className="add-to__popover"
          role="dialog"
          aria-label={t.lists.popoverTitle}
          tabIndex={-1}
        >
          <AddToPanel
            storyId={storyId}
            username={user.username}
            onLibraryChange={onLibraryChange}
          />
        </div>
      )}
      {modals}
    </div>
  );
}

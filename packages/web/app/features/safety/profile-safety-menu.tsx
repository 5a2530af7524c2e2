import type { ProfileSafety } from "@inkwell/shared";
import { MoreHorizontal } from "lucide";
import { Icon } from "../../components/icon.tsx";
import { ScriptButton } from "../../components/script-button.tsx";
import { t } from "../../i18n/index.ts";
import { closeOnChoice, useDismissibleDetails } from "../../lib/use-dismissible-details.ts";
import type { ModerationAction } from "./use-moderation.tsx";
import {
  type SafetyAction,
  type SafetyTarget,
  safetyActionsFor,
  safetyLabel,
} from "./use-safety-actions.tsx";

interface ProfileSafetyMenuProps {
  target: SafetyTarget;
  safety: ProfileSafety;
  /** Mute, block and their undoing: for signed-in viewers only. */
  ask?: (action: SafetyAction, target: SafetyTarget) => void;
  /** Opens the report modal for this user (visitors too). */
  report?: () => void;
  /** For ambassadors and system admins: Close Account and Time-out. */
  moderate?: (action: ModerationAction, target: SafetyTarget) => void;
  /** For ambassadors and system admins: hiding the profile's pictures, each with its label. */
  pictureActions?: { label: string; onChoose: () => void }[];
}

/**
 * The profile's moderation dropdown, and on a restricted profile its Unmute or Unblock
 * button. Mute is offered only while the user is not blocked (§6); Report to everyone.
 */
export function ProfileSafetyMenu({
  target,
  safety,
  ask,
  report,
  moderate,
  pictureActions = [],
}: ProfileSafetyMenuProps) {
  const menu = useDismissibleDetails();
  const close = () => closeOnChoice(menu.ref.current);
  const actions = ask ? safetyActionsFor(safety) : [];
  const choose = (action: SafetyAction) => {
    close();
    ask?.(action, target);
  };
  const undo: SafetyAction | null = !ask
    ? null
    : safety.isBlocked
      ? "unblock"
      : safety.isMuted
        ? "unmute"
        : null;

  return (
    <div className="profile-safety">
      {undo && (
        <ScriptButton className="button button--primary" onClick={() => choose(undo)}>
          {safetyLabel(undo)}
        </ScriptButton>
      )}
      <details className="profile-safety__menu" {...menu}>
        <summary className="button" aria-label={t.safety.menu(target.name)}>
          <Icon of={MoreHorizontal} aria-hidden="true" size={20} />
        </summary>
        <ul className="profile-safety__panel">
          {actions.map((action) => (
            <li key={action}>
              <ScriptButton onClick={() => choose(action)}>{safetyLabel(action)}</ScriptButton>
            </li>
          ))}
          {report && (
            <li>
              <ScriptButton
                onClick={() => {
                  close();
                  report();
                }}
              >
                {t.reports.reportUser}
              </ScriptButton>
            </li>
          )}
          {moderate &&
            (["close", "timeout"] as const).map((action) => (
              <li key={action}>
                <ScriptButton
                  onClick={() => {
                    close();
                    moderate(action, target);
                  }}
                >
                  {action === "close" ? t.moderation.close : t.moderation.timeOut}
                </ScriptButton>
              </li>
            ))}
          {pictureActions.map(({ label, onChoose }) => (
            <li key={label}>
              <ScriptButton
                onClick={() => {
                  close();
                  onChoose();
                }}
              >
                {label}
              </ScriptButton>
            </li>
          ))}
          <li>
            <a href="/guidelines">{t.safety.policies}</a>
          </li>
        </ul>
      </details>
    </div>
  );
}

import { useId } from "react";
import "../styles/onboarding-tip.css";
import { ScriptButton } from "./script-button.tsx";

interface OnboardingTipProps {
  title: string;
  text: string;
  gotIt: string;
  onDismiss: () => void;
  /** Where it sits beside the control it points at (a modifier of .onboarding-tip). */
  className: string;
}

/**
 * A first-visit tooltip beside the control it introduces (the writer's New Story, the
 * reader's wallet): a title, a line, and 'Got it', which hides it for good. The caller
 * keeps the dismissal and moves focus back to the control.
 */
export function OnboardingTip({ title, text, gotIt, onDismiss, className }: OnboardingTipProps) {
  const titleId = useId();
  return (
    <aside className={`onboarding-tip ${className}`} aria-labelledby={titleId}>
      <h2 id={titleId} className="onboarding-tip__title">
        {title}
      </h2>
      <p>{text}</p>
      <ScriptButton className="button button--primary" onClick={onDismiss}>
        {gotIt}
      </ScriptButton>
    </aside>
  );
}

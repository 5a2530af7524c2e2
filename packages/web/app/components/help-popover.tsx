import { CircleHelp } from "lucide";
import { type ReactNode, useId } from "react";
import { usePopover } from "../lib/use-popover.ts";
import { Icon } from "./icon.tsx";
import { ScriptButton } from "./script-button.tsx";

interface HelpPopoverProps {
  /** The button's accessible name ("About Engaged Readers"). */
  label: string;
  title: string;
  children: ReactNode;
  /** Where to read more, if anywhere. */
  learnMore?: { href: string; label: string; external?: boolean };
  closeLabel: string;
}

/**
 * A question-mark button whose popover explains something (the licence picker's help, the
 * analytics' figures): a titled dialog with an optional Learn more link and a close button.
 * The popover opens under its nearest positioned ancestor.
 */
export function HelpPopover({ label, title, children, learnMore, closeLabel }: HelpPopoverProps) {
  const { open, toggle, close, root, button, popover, popoverId } = usePopover();
  const headingId = useId();
  return (
    <div className="help-popover" ref={root}>
      <ScriptButton
        ref={button}
        className="help-popover__button"
        aria-label={label}
        aria-expanded={open}
        aria-haspopup="dialog"
        aria-controls={open ? popoverId : undefined}
        onClick={() => toggle()}
      >
        <Icon of={CircleHelp} aria-hidden="true" size={20} />
      </ScriptButton>
      {open && (
        <div
          ref={popover}
          id={popoverId}
          className="help-popover__popover"
          role="dialog"
          aria-labelledby={headingId}
          tabIndex={-1}
        >
          <h2 id={headingId}>{title}</h2>
          {children}
          {learnMore && (
            <p>
              <a
                href={learnMore.href}
                {...(learnMore.external && { target: "_blank", rel: "noreferrer" })}
              >
                {learnMore.label}
              </a>
            </p>
          )}
          <ScriptButton className="button" onClick={close}>
            {closeLabel}
          </ScriptButton>
        </div>
      )}
    </div>
  );
}

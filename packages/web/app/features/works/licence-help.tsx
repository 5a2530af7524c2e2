import { COPYRIGHT_LICENCES } from "@inkwell/shared";
import { CircleHelp } from "lucide-react";
import { useId } from "react";
import { t } from "../../i18n/index.ts";
import { usePopover } from "../../lib/use-popover.ts";

const text = t.works.licenceHelp;

/** The licence picker's help popover (writer-paid-contest.md §2): what each licence allows. */
export function LicenceHelp() {
  const { open, toggle, close, root, button, popover, popoverId } = usePopover();
  const headingId = useId();
  return (
    <div className="licence-help" ref={root}>
      <button
        ref={button}
        type="button"
        className="licence-help__button"
        aria-label={text.open}
        aria-expanded={open}
        aria-haspopup="dialog"
        aria-controls={open ? popoverId : undefined}
        onClick={() => toggle()}
      >
        <CircleHelp aria-hidden="true" size={20} />
      </button>
      {open && (
        <div
          ref={popover}
          id={popoverId}
          className="licence-help__popover"
          role="dialog"
          aria-labelledby={headingId}
          tabIndex={-1}
        >
          <h2 id={headingId}>{text.title}</h2>
          <p>{text.intro}</p>
          <dl>
            {COPYRIGHT_LICENCES.map((licence) => (
              <div key={licence.id}>
                <dt>{licence.name}</dt>
                <dd>{text.licences[licence.id]}</dd>
              </div>
            ))}
          </dl>
          <p>
            <a href="https://creativecommons.org/licenses/" target="_blank" rel="noreferrer">
              {text.learnMore}
            </a>
          </p>
          <button type="button" className="button" onClick={close}>
            {text.close}
          </button>
        </div>
      )}
    </div>
  );
}

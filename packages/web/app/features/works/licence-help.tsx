import { COPYRIGHT_LICENCES } from "@inkwell/shared";
import { HelpPopover } from "../../components/help-popover.tsx";
import { t } from "../../i18n/index.ts";

const text = t.works.licenceHelp;

/** The licence picker's help popover (writer-paid-contest.md §2): what each licence allows. */
export function LicenceHelp() {
  return (
    <HelpPopover
      label={text.open}
      title={text.title}
      closeLabel={text.close}
      learnMore={{
        href: "https://creativecommons.org/licenses/",
        label: text.learnMore,
        external: true,
      }}
    >
      <p>{text.intro}</p>
      <dl>
        {COPYRIGHT_LICENCES.map((licence) => (
          <div key={licence.id}>
            <dt>{licence.name}</dt>
            <dd>{text.licences[licence.id]}</dd>
          </div>
        ))}
      </dl>
    </HelpPopover>
  );
}

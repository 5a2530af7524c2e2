import { HelpPopover } from "../../components/help-popover.tsx";
import { t } from "../../i18n/index.ts";

type Topic = "reads" | "engaged" | "daily";

/** What one of the analytics' figures means (§2's info popovers), with Learn more and Ok. */
export function AnalyticsInfo({ topic }: { topic: Topic }) {
  const { title, text } = t.analytics.info[topic];
  return (
    <HelpPopover
      label={t.analytics.info.open(title)}
      title={title}
      closeLabel={t.analytics.info.ok}
      learnMore={{ href: "/help/writing/analytics", label: t.analytics.info.learnMore }}
    >
      <p>{text}</p>
    </HelpPopover>
  );
}

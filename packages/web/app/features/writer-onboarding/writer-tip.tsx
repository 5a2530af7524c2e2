import { COOKIE_DAYS, WRITER_TIP_COOKIE } from "@inkwell/shared";
import { useState } from "react";
import { browserApi } from "../../api/client.ts";
import { OnboardingTip } from "../../components/onboarding-tip.tsx";
import { t } from "../../i18n/index.ts";
import { writeCookie } from "../../lib/cookies.ts";
import "../../styles/notes.css";

/**
 * The writer onboarding tooltip of writer-paid-contest.md §2, beside the control it points
 * at (`anchorId`): under the end of the controls' row, or under its start (`fromStart`) when
 * that control leads a row of several. 'Got it' hides it for good: the dismissal is kept on
 * the user and, in case that save fails, in this browser's seen-wo-onboard cookie.
 */
export function WriterTip({ anchorId, fromStart }: { anchorId: string; fromStart: boolean }) {
  const [open, setOpen] = useState(true);
  if (!open) return null;
  const dismiss = () => {
    setOpen(false);
    document.getElementById(anchorId)?.focus();
    writeCookie(WRITER_TIP_COOKIE, "1", COOKIE_DAYS);
    browserApi()
      .saveWriterOnboarding({ tooltip_dismissed: true })
      .catch((error: unknown) => console.error(error));
  };
  return (
    <OnboardingTip
      className={
        fromStart ? "onboarding-tip--writer onboarding-tip--from-start" : "onboarding-tip--writer"
      }
      title={t.writerTip.title}
      text={t.writerTip.text}
      gotIt={t.writerTip.gotIt}
      onDismiss={dismiss}
    />
  );
}

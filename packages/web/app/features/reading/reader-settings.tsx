import {
  canUseTheme,
  FONT_SIZES,
  isPremiumTheme,
  LINE_SPACINGS,
  partPlainText,
  READER_SETTINGS_COOKIE,
  READER_SETTINGS_COOKIE_DAYS,
  type ReaderSettings,
  serializeReaderSettings,
  THEMES,
  truncate,
} from "@inkwell/shared";
import { ALargeSmall } from "lucide";
import { useMemo, useState } from "react";
import { browserApi } from "../../api/client.ts";
import { ErrorLine } from "../../components/alert.tsx";
import { Icon } from "../../components/icon.tsx";
import { Modal } from "../../components/modal.tsx";
import { ScriptButton } from "../../components/script-button.tsx";
import { t } from "../../i18n/index.ts";
import { writeCookie } from "../../lib/cookies.ts";
import { useCurrentUser } from "../../lib/current-user.ts";
import "../../styles/reading-settings.css";

/** The reader's classes for these settings: CSS turns them into sizes and colours. */
export function readerClassName(settings: ReaderSettings): string {
  return [
    "reader",
    `reader--font-${settings.fontSize}`,
    `reader--spacing-${settings.lineSpacing}`,
    `reader--theme-${settings.theme}`,
  ].join(" ");
}

interface ChoiceGroupProps<T extends string> {
  legend: string;
  name: string;
  options: readonly T[];
  labels: Record<T, string>;
  value: T;
  onChoose: (value: T) => void;
  /** Themes show a colour swatch before their name. */
  swatches?: boolean;
  /** Options marked Premium after their name. */
  premium?: (option: T) => boolean;
  /** Options this reader may not choose: buttons that explain why, outside the radios. */
  locked?: { is: (option: T) => boolean; explain: () => void };
}

/**
 * Native radios (arrow keys move the choice) drawn as a row of pills. A locked option is a
 * button instead: arrowing through the choices applies each one, and must not land on one
 * that swaps the dialog for an explanation.
 */
function ChoiceGroup<T extends string>(props: ChoiceGroupProps<T>) {
  const { legend, name, options, labels, value, onChoose, swatches, premium, locked } = props;
  const face = (option: T) => (
    <>
      {swatches && <span className={`reader-swatch reader-swatch--${option}`} aria-hidden="true" />}
      <span>{labels[option]}</span>
      {premium?.(option) && <span className="reader-choice__premium">{t.reader.premium}</span>}
    </>
  );
  return (
    <fieldset className="reader-choices">
      <legend className="reader-choices__legend">{legend}</legend>
      <div className="reader-choices__options">
        {options.map((option) =>
          locked?.is(option) ? (
            <ScriptButton
              key={option}
              className="reader-choice"
              aria-haspopup="dialog"
              onClick={locked.explain}
            >
              {face(option)}
            </ScriptButton>
          ) : (
            <label key={option} className="reader-choice">
              <input
                type="radio"
                className="visually-hidden"
                name={name}
                value={option}
                checked={option === value}
                onChange={() => onChoose(option)}
              />
              {face(option)}
            </label>
          ),
        )}
      </div>
    </fieldset>
  );
}

/** More than two lines of the widest sheet at the smallest size: the preview shows two. */
const PREVIEW_LENGTH = 160;

/**
 * The part's opening words in the reader's size and spacing, at the top of the settings: the
 * button is above the part's title, so the text itself is below the sheet as it opens. It is
 * there to be seen; a screen reader has the choices themselves.
 */
function Preview({ html }: { html: string }) {
  const opening = useMemo(
    () => truncate(partPlainText(html).split("\n")[0] ?? "", PREVIEW_LENGTH),
    [html],
  );
  if (!opening) return null;
  return (
    <p className="reader__text reader-settings__preview" aria-hidden="true">
      {opening}
    </p>
  );
}

interface ReaderSettingsProps {
  settings: ReaderSettings;
  onChange: (settings: ReaderSettings) => void;
  /** The part's HTML, whose opening the settings preview; empty behind a paywall. */
  text: string;
}

/**
 * The reading page's settings button and dialog. A choice applies at once and is kept: on
 * the account for signed-in readers, in a 365-day cookie for visitors. Without Premium, a
 * premium theme is a button that opens the subscription dialog instead of applying.
 */
export function ReaderSettingsControl({ settings, onChange, text }: ReaderSettingsProps) {
  const user = useCurrentUser();
  const [open, setOpen] = useState(false);
  const [premiumOpen, setPremiumOpen] = useState(false);
  const [failed, setFailed] = useState(false);

  async function choose(next: ReaderSettings) {
    const before = settings;
    onChange(next);
    if (!user) {
      writeCookie(
        READER_SETTINGS_COOKIE,
        serializeReaderSettings(next),
        READER_SETTINGS_COOKIE_DAYS,
      );
      return;
    }
    // Emptied as the save goes out: the same failure again would otherwise go unsaid.
    setFailed(false);
    const result = await browserApi()
      .saveReaderSettings(next)
      .catch(() => null);
    setFailed(!result?.ok);
    if (!result?.ok) onChange(before);
  }

  // One modal at a time (§4): the explanation replaces the settings.
  function explainPremium() {
    setOpen(false);
    setPremiumOpen(true);
  }

  return (
    <>
      <ScriptButton className="button reader__settings" onClick={() => setOpen(true)}>
        <Icon of={ALargeSmall} aria-hidden="true" size={20} />
        {t.reader.settings}
      </ScriptButton>
      <Modal
        open={open}
        title={t.reader.settings}
        onClose={() => setOpen(false)}
        className="modal--reader-settings"
      >
        <div className="modal__form reader-settings">
          <Preview html={text} />
          {/* The choices scroll on a short screen, under the preview that shows what they do. */}
          <div className="reader-settings__choices">
            <ChoiceGroup
              legend={t.reader.fontSize}
              name="font-size"
              options={FONT_SIZES}
              labels={t.reader.fontSizes}
              value={settings.fontSize}
              onChoose={(fontSize) => void choose({ ...settings, fontSize })}
            />
            <ChoiceGroup
              legend={t.reader.lineSpacing}
              name="line-spacing"
              options={LINE_SPACINGS}
              labels={t.reader.lineSpacings}
              value={settings.lineSpacing}
              onChoose={(lineSpacing) => void choose({ ...settings, lineSpacing })}
            />
            <ChoiceGroup
              legend={t.reader.theme}
              name="theme"
              options={THEMES}
              labels={t.reader.themes}
              value={settings.theme}
              onChoose={(theme) => void choose({ ...settings, theme })}
              swatches
              premium={isPremiumTheme}
              locked={{
                is: (theme) => !canUseTheme(theme, user?.isPremium ?? false),
                explain: explainPremium,
              }}
            />
            <ErrorLine text={failed && t.reader.saveFailed} />
          </div>
        </div>
      </Modal>
      <Modal open={premiumOpen} title={t.reader.premiumTitle} onClose={() => setPremiumOpen(false)}>
        <div className="modal__form">
          <p>{t.reader.premiumText}</p>
          <div className="modal__actions">
            <ScriptButton className="button" onClick={() => setPremiumOpen(false)}>
              {t.reader.premiumClose}
            </ScriptButton>
            <a className="button button--primary" href="/premium">
              {t.premium.seePremium}
            </a>
          </div>
        </div>
      </Modal>
    </>
  );
}

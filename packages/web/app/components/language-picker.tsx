import { LANGUAGES } from "@inkwell/shared";
import { useRef, useState } from "react";
import { useLocation } from "react-router";
import { t } from "../i18n/index.ts";

/** Keys that change a closed select's value as they are pressed, in Chromium and Firefox. */
const STEPPING_KEYS = /^(Arrow(Up|Down|Left|Right)|Home|End|Page(Up|Down)|.)$/;

/**
 * The language dropdown: posts to /locale, which sets the locale cookie and reloads the
 * page. A language picked from the open list (a click, a tap, Enter) switches at once; one
 * reached by arrowing through the closed dropdown does not, since each step would reload the
 * page (WCAG 3.2.2): the Change button then appears beside it. Without JavaScript the
 * button is always there.
 */
export function LanguagePicker({
  current,
  id = "language-picker",
  className = "",
}: {
  current: string;
  /** The select's id: the header and the footer each have a picker. */
  id?: string;
  className?: string;
}) {
  const location = useLocation();
  const stepping = useRef(false);
  const [pending, setPending] = useState(false);
  const changeButton = (
    <button className="button" type="submit">
      {t.footer.changeLanguage}
    </button>
  );
  return (
    <form className={`language-picker ${className}`} method="post" action="/locale">
      <input type="hidden" name="next" value={location.pathname + location.search} />
      <label htmlFor={id}>{t.footer.language}</label>
      <select
        id={id}
        name="locale"
        defaultValue={current}
        onKeyDown={(event) => {
          stepping.current = !event.altKey && STEPPING_KEYS.test(event.key);
        }}
        onKeyUp={() => {
          stepping.current = false;
        }}
        onChange={(event) => {
          if (stepping.current) setPending(event.currentTarget.value !== current);
          else event.currentTarget.form?.requestSubmit();
        }}
      >
        {LANGUAGES.map((language) => (
          <option key={language.code} value={language.code} lang={language.code}>
            {language.name}
          </option>
        ))}
      </select>
      {pending ? changeButton : <noscript>{changeButton}</noscript>}
    </form>
  );
}

import { LANGUAGES } from "@inkwell/shared";
import { useLocation } from "react-router";
import { t } from "../i18n/index.ts";

/**
 * The language dropdown: posts to /locale, which sets the locale cookie and reloads the
 * page. With JavaScript a change submits at once; without, the button does.
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
  return (
    <form className={`language-picker ${className}`} method="post" action="/locale">
      <input type="hidden" name="next" value={location.pathname + location.search} />
      <label htmlFor={id}>{t.footer.language}</label>
      <select
        id={id}
        name="locale"
        defaultValue={current}
        onChange={(event) => event.currentTarget.form?.requestSubmit()}
      >
        {LANGUAGES.map((language) => (
          <option key={language.code} value={language.code} lang={language.code}>
            {language.name}
          </option>
        ))}
      </select>
      <noscript>
        <button className="button" type="submit">
          {t.footer.changeLanguage}
        </button>
      </noscript>
    </form>
  );
}

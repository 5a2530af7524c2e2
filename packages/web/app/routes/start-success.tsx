import { t } from "../i18n/index.ts";

export const meta = () => [{ title: `${t.onboarding.doneTitle} · ${t.brand}` }];

/** The end of onboarding (reader.md §2): 'All done' and on to the reader's home. */
export default function StartSuccess() {
  return (
    <section className="onboarding" aria-labelledby="done-heading">
      <h1 id="done-heading">{t.onboarding.doneTitle}</h1>
      <p>{t.onboarding.doneText}</p>
      <a className="button button--primary button--large" href="/home">
        {t.onboarding.startReading}
      </a>
    </section>
  );
}

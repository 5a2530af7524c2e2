import { t } from "../i18n/index.ts";

type Kind = "notFound" | "userNotFound" | "story" | "generic";

const COPY: Record<Kind, { title: string; heading: string; text: string }> = {
  notFound: {
    title: t.errors.notFoundTitle,
    heading: t.errors.notFoundTitle,
    text: t.errors.notFound,
  },
  userNotFound: {
    title: t.errors.userNotFoundTitle,
    heading: t.errors.userNotFoundTitle,
    text: t.errors.userNotFound,
  },
  story: {
    title: t.errors.storyErrorHeading,
    heading: t.errors.storyErrorHeading,
    text: t.errors.storyError,
  },
  generic: {
    title: t.errors.genericHeading,
    heading: t.errors.genericHeading,
    text: t.errors.generic,
  },
};

/** The 404 pages (Go home; Learn more and Go back for users) and the 500 pages (Reload). */
export function ErrorPage({ kind }: { kind: Kind }) {
  const copy = COPY[kind];
  return (
    <section className="error-page" aria-labelledby="error-heading">
      <title>{`${copy.title} · ${t.brand}`}</title>
      <svg className="error-page__art" viewBox="0 0 120 120" aria-hidden="true">
        <path d="M20 30h36c6 0 10 4 10 10v56c0-5-4-8-10-8H20z" />
        <path d="M100 30H64c-6 0-10 4-10 10v56c0-5 4-8 10-8h36z" />
      </svg>
      <h1 id="error-heading">{copy.heading}</h1>
      <p>{copy.text}</p>
      {kind === "notFound" ? (
        <a className="button button--primary" href="/">
          {t.errors.goHome}
        </a>
      ) : kind === "userNotFound" ? (
        <div className="error-page__actions">
          {/* Who can see whom is explained with the community rules. */}
          <a className="button" href="/terms">
            {t.errors.learnMore}
          </a>
          {/* Back where the reader came from; without scripts or history, home. */}
          <form
            method="get"
            action="/"
            onSubmit={(event) => {
              if (window.history.length <= 1) return;
              event.preventDefault();
              window.history.back();
            }}
          >
            <button className="button button--primary" type="submit">
              {t.errors.goBack}
            </button>
          </form>
        </div>
      ) : (
        <form
          method="get"
          onSubmit={(event) => {
            event.preventDefault();
            window.location.reload();
          }}
        >
          <button className="button button--primary" type="submit">
            {t.errors.reload}
          </button>
        </form>
      )}
    </section>
  );
}

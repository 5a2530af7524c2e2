import { t } from "../i18n/index.ts";

type Kind = "notFound" | "story" | "generic";

const COPY: Record<Kind, { title: string; heading: string; text: string }> = {
  notFound: {
    title: t.errors.notFoundTitle,
    heading: t.errors.notFoundTitle,
    text: t.errors.notFound,
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

/** The 404 page (Go home) and the 500 pages (Reload), as the spec words them. */
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

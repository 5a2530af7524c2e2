import { t } from "../i18n/index.ts";
import { Modal } from "./modal.tsx";

export type ErrorKind = "notFound" | "story" | "generic";

const COPY: Record<ErrorKind, { title: string; heading: string; text: string }> = {
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

/** The 404 pages (Go home) and the 500 pages (Reload). */
export function ErrorPage({ kind }: { kind: ErrorKind }) {
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

/** Back where the reader came from; opened on its own (no history), home. */
function goBack() {
  if (window.history.length > 1) window.history.back();
  else window.location.assign("/");
}

/**
 * User not found (reader.md §2 Error pages): a modal over the page, with Learn more and
 * Go back, in the server's HTML already (the answer is a 404). There is no profile behind
 * it to return to, so closing it goes back too.
 */
export function UserNotFound() {
  return (
    <>
      <title>{`${t.errors.userNotFoundTitle} · ${t.brand}`}</title>
      <Modal open openFromServer title={t.errors.userNotFoundTitle} onClose={goBack}>
        <div className="modal__body">
          <p className="modal__note">{t.errors.userNotFound}</p>
          <div className="modal__actions">
            {/* Who can see whom is explained with the community rules. */}
            <a className="button" href="/terms">
              {t.errors.learnMore}
            </a>
            {/* Without scripts the form goes home. */}
            <form
              method="get"
              action="/"
              onSubmit={(event) => {
                event.preventDefault();
                goBack();
              }}
            >
              <button className="button button--primary" type="submit">
                {t.errors.goBack}
              </button>
            </form>
          </div>
        </div>
      </Modal>
    </>
  );
}

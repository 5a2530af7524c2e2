import type { SignupSource } from "@inkwell/shared";
import { useState } from "react";
import { Modal } from "../../components/modal.tsx";
import { t } from "../../i18n/index.ts";
import { onPlainClick } from "../../lib/plain-click.ts";

const WRITER_NEXT_URL = "/myworks";

export const signupUrl = (source: SignupSource) => {
  const query = new URLSearchParams({ source });
  if (source === "writer_top") query.set("nextUrl", WRITER_NEXT_URL);
  return `/signup?${query}`;
};

/**
 * A landing-page button that opens the sign-up modal for its source. It is a link to the
 * sign-up page, so it works before the app's script loads and in a new tab.
 */
export function SignupButton({
  source,
  label,
  primary = false,
}: {
  source: SignupSource;
  label: string;
  primary?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const writer = source === "writer_top";
  const login = `/login?${new URLSearchParams({ nextUrl: writer ? WRITER_NEXT_URL : "/home" })}`;
  return (
    <>
      <a
        className={`button button--large${primary ? " button--primary" : ""}`}
        href={signupUrl(source)}
        aria-haspopup="dialog"
        onClick={onPlainClick(() => setOpen(true))}
      >
        {label}
      </a>
      <Modal open={open} title={t.landing.signupTitle} onClose={() => setOpen(false)}>
        <div className="modal__form">
          <p>{writer ? t.landing.signupWriter : t.landing.signupReader}</p>
          <a className="button button--primary button--large" href={signupUrl(source)}>
            {t.landing.signupEmail}
          </a>
          <a className="button button--large" href={login}>
            {t.landing.haveAccount}
          </a>
        </div>
      </Modal>
    </>
  );
}

import { CircleAlert, CircleCheck } from "lucide";
import type { ReactNode } from "react";
import { Icon } from "./icon.tsx";

interface OutcomeProps {
  /** The heading's id: it names the section. */
  id: string;
  title: string;
  /** Ended badly: a warning sign rather than a tick. */
  failed?: boolean;
  /** What it says under the heading, and where to go from there. */
  children: ReactNode;
}

/** A page saying how something ended (a link followed, a form sent): a sign, then its words. */
export function Outcome({ id, title, failed = false, children }: OutcomeProps) {
  return (
    <section className="auth auth--centered" aria-labelledby={id}>
      {failed ? (
        <Icon
          of={CircleAlert}
          className="auth__icon auth__icon--warning"
          aria-hidden="true"
          size={56}
        />
      ) : (
        <Icon of={CircleCheck} className="auth__icon" aria-hidden="true" size={56} />
      )}
      <h1 id={id}>{title}</h1>
      {children}
    </section>
  );
}

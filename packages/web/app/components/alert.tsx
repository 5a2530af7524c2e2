import type { ReactNode, Ref } from "react";

/**
 * A message above a form: danger for errors, info for notices. Announced when it appears.
 * Given a ref, it can take focus, so a form can bring its error summary into view.
 */
export function Alert({
  tone,
  children,
  ref,
  id,
}: {
  tone: "danger" | "info" | "success";
  children: ReactNode;
  ref?: Ref<HTMLDivElement>;
  /** For a field that the message is about to name it (aria-describedby). */
  id?: string;
}) {
  return (
    <div
      ref={ref}
      id={id}
      className={`alert alert--${tone}`}
      role={tone === "danger" ? "alert" : "status"}
      tabIndex={ref ? -1 : undefined}
    >
      {children}
    </div>
  );
}

import type { ReactNode } from "react";

/** A message above a form: danger for errors, info for notices. Announced when it appears. */
export function Alert({
  tone,
  children,
}: {
  tone: "danger" | "info" | "success";
  children: ReactNode;
}) {
  return (
    <div className={`alert alert--${tone}`} role={tone === "danger" ? "alert" : "status"}>
      {children}
    </div>
  );
}

import { Plus } from "lucide";
import { lazy, Suspense } from "react";
import { Icon } from "../../components/icon.tsx";
import { t } from "../../i18n/index.ts";
import type { AddToMenuProps } from "./add-to-menu.tsx";

// Only signed-in readers get Add to (a visitor is offered sign-up instead): visitors' pages
// never download the button, its popover and their strings.
const AddToMenu = lazy(() =>
  import("./add-to-menu.tsx").then((module) => ({ default: module.AddToMenu })),
);

/** "Add to" for a signed-in reader: the server's page carries it whole (decision 025). */
export function AddToButton({ large = true, ...menu }: AddToMenuProps) {
  return (
    <Suspense fallback={<Placeholder large={large} />}>
      <AddToMenu large={large} {...menu} />
    </Suspense>
  );
}

/** The button's room, held while its code loads on a page reached in the browser. */
function Placeholder({ large }: { large: boolean }) {
  return (
    <span className={`button${large ? " button--large" : ""} add-to--loading`} aria-hidden="true">
      <Icon of={Plus} aria-hidden="true" size={18} />
      {t.story.addTo}
    </span>
  );
}

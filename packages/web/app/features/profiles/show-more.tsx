import { useState } from "react";
import { failureOf, LiveAlert } from "../../components/alert.tsx";
import { BusyButton } from "../../components/busy-button.tsx";
import { t } from "../../i18n/index.ts";
import { useMoreFocus } from "../../lib/more-focus.ts";

export interface Paged<T> {
  items: T[];
  nextUrl: string | null;
}

/**
 * A list that starts with the page the server rendered and grows by a page per 'Show more'.
 * `load(offset)` fetches the next page; a failure leaves the list as it was and says so.
 * `label` names the list: a profile has three such buttons, and a screen reader's list of
 * buttons tells them apart by it. The first new item takes the focus (decision 057); a page
 * that brings nothing new leaves it on the button, which stays and says so. Pages are asked
 * for by offset, so a follow or a new story since the first page shifts the next one: what
 * `keyOf` says is already shown is dropped, not shown twice.
 */
export function useShowMore<T>(
  first: Paged<T>,
  load: (offset: number) => Promise<Paged<T>>,
  label: string,
  keyOf: (item: T) => string | number,
) {
  // `read` counts what the server has handed over, shown or dropped: the next page's offset.
  const [list, setList] = useState({ ...first, read: first.items.length });
  const [status, setStatus] = useState<"idle" | "loading" | "failed" | "none">("idle");
  // The list and its button share a parent: the new items' links appear in it.
  const moreFocus = useMoreFocus();

  async function more() {
    setStatus("loading");
    try {
      const next = await load(list.read);
      const shown = new Set(list.items.map(keyOf));
      const added = next.items.filter((item) => !shown.has(keyOf(item)));
      moreFocus.bring(() => {
        setList({
          items: [...list.items, ...added],
          nextUrl: next.nextUrl,
          read: list.read + next.items.length,
        });
        setStatus(next.items.length > 0 ? "idle" : "none");
      });
    } catch {
      setStatus("failed");
    }
  }

  const button = (
    <>
      {(list.nextUrl || status === "none") && (
        <p ref={moreFocus.ref} className="page-more">
          <BusyButton className="button" type="button" busy={status === "loading"} onClick={more}>
            {t.profile.showMore} <span className="visually-hidden">{t.carousel.moreOf(label)}</span>
          </BusyButton>
        </p>
      )}
      <LiveAlert
        message={
          status === "none"
            ? { tone: "success", text: t.search.noMore }
            : failureOf(status === "failed" && t.profile.moreFailed)
        }
      />
    </>
  );
  return { items: list.items, button };
}

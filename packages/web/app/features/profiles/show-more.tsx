import { useState } from "react";
import { failureOf, LiveAlert } from "../../components/alert.tsx";
import { BusyButton } from "../../components/busy-button.tsx";
import { t } from "../../i18n/index.ts";

export interface Paged<T> {
  items: T[];
  nextUrl: string | null;
}

/**
 * A list that starts with the page the server rendered and grows by a page per 'Show more'.
 * `load(offset)` fetches the next page; a failure leaves the list as it was and says so.
 * `label` names the list: a profile has three such buttons, and a screen reader's list of
 * buttons tells them apart by it.
 */
export function useShowMore<T>(
  first: Paged<T>,
  load: (offset: number) => Promise<Paged<T>>,
  label: string,
) {
  const [list, setList] = useState(first);
  const [status, setStatus] = useState<"idle" | "loading" | "failed">("idle");

  async function more() {
    setStatus("loading");
    try {
      const next = await load(list.items.length);
      setList({ items: [...list.items, ...next.items], nextUrl: next.nextUrl });
      setStatus("idle");
    } catch {
      setStatus("failed");
    }
  }

  const button = (
    <>
      {list.nextUrl && (
        <p className="page-more">
          <BusyButton className="button" type="button" busy={status === "loading"} onClick={more}>
            {t.profile.showMore} <span className="visually-hidden">{t.carousel.moreOf(label)}</span>
          </BusyButton>
        </p>
      )}
      <LiveAlert message={failureOf(status === "failed" && t.profile.moreFailed)} />
    </>
  );
  return { items: list.items, button };
}

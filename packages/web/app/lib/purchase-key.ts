import { randomUuid } from "@inkwell/shared";
import { useRef } from "react";

/**
 * A purchase's one-time key (the API's requestId): kept while the buyer retries an item
 * whose answer was lost, so the server buys it once; a new one once an answer came.
 */
export function usePurchaseKey() {
  const pending = useRef<{ item: string; key: string } | null>(null);
  return {
    keyFor(item: string): string {
      if (pending.current?.item !== item) pending.current = { item, key: randomUuid() };
      return pending.current.key;
    },
    answered() {
      pending.current = null;
    },
  };
}

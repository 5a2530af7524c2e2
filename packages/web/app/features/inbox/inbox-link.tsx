import { Mail } from "lucide";
import { useState } from "react";
import { Icon } from "../../components/icon.tsx";
import { t } from "../../i18n/index.ts";
import { useInboxSignals } from "./inbox-stream.ts";

/**
 * The header's Inbox link with the number of unread conversations. The count comes from
 * the live stream in the browser, so no page render waits for it. Loaded only for signed-in
 * readers, with the stream, so visitors' pages carry neither.
 */
export default function InboxLink({ username }: { username: string }) {
  const [unread, setUnread] = useState(0);
  useInboxSignals(username, (signal) => {
    if (signal.type === "unread") setUnread(signal.unread);
  });
  return (
    <a className="inbox-link" href="/inbox" aria-label={t.inbox.linkLabel(unread)}>
      <Icon of={Mail} aria-hidden="true" size={22} />
      {unread > 0 && (
        <span className="inbox-link__badge" aria-hidden="true">
          {unread > 99 ? "99+" : unread}
        </span>
      )}
    </a>
  );
}

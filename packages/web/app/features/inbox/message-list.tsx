import {
  type DayLabel,
  dayLabel,
  type InboxMessage,
  linkify,
  needsSeparator,
  truncate,
} from "@inkwell/shared";
import { Flag, Trash2 } from "lucide";
import { Icon } from "../../components/icon.tsx";
import { ScriptButton } from "../../components/script-button.tsx";
import { t } from "../../i18n/index.ts";
import { useTimeZone } from "../../lib/use-time-zone.ts";

/** How much of a message its icon buttons quote, to tell one message's buttons from another's. */
const QUOTE_CUT = 40;

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

function wordDay(label: DayLabel): string {
  switch (label.kind) {
    case "today":
      return t.inbox.today;
    case "yesterday":
      return t.inbox.yesterday;
    case "weekday":
      return WEEKDAYS[label.weekday] ?? "";
    case "date":
      return new Date(Date.UTC(label.year, label.month - 1, label.day)).toLocaleDateString(
        "en-US",
        {
          timeZone: "UTC",
          year: "numeric",
          month: "long",
          day: "numeric",
        },
      );
  }
}

/**
 * The messages, oldest first, with a day separator before the first and wherever two are
 * 6 or more hours apart. Bodies are escaped and linked like comments. Each message starts
 * with who wrote it, for screen readers only: the page shows it by the bubble's side.
 */
export function MessageList({
  messages,
  me,
  other,
  now,
  onDelete,
  onReport,
}: {
  messages: InboxMessage[];
  me: string;
  /** The other person's display name. */
  other: string;
  now: number;
  onDelete: (message: InboxMessage) => void;
  /** Reports the other person's message; absent when reporting is disabled. */
  onReport?: (message: InboxMessage) => void;
}) {
  const timeZone = useTimeZone();
  const time = (iso: string) =>
    new Date(iso).toLocaleTimeString("en-US", { timeZone, hour: "numeric", minute: "2-digit" });
  return (
    <ol className="messages">
      {messages.map((message, index) => {
        const at = Date.parse(message.createDate);
        const previous = messages[index - 1];
        const mine = message.sender.toLowerCase() === me.toLowerCase();
        const quote = truncate(message.body, QUOTE_CUT);
        return (
          <li key={message.id} className="messages__item">
            {needsSeparator(previous ? Date.parse(previous.createDate) : null, at) && (
              <p className="messages__day">{wordDay(dayLabel(at, now, timeZone))}</p>
            )}
            <div className={mine ? "message message--mine" : "message"}>
              <span className="visually-hidden">{mine ? t.inbox.you : t.inbox.from(other)}</span>
              <p
                className="message__body"
                // biome-ignore lint/security/noDangerouslySetInnerHtml: linkify escapes every character it does not link
                dangerouslySetInnerHTML={{ __html: linkify(message.body) }}
              />
              <span className="message__meta">
                <time dateTime={message.createDate}>{time(message.createDate)}</time>
                {mine && (
                  <ScriptButton
                    className="message__delete"
                    onClick={() => onDelete(message)}
                    aria-label={t.inbox.deleteMessage(quote)}
                  >
                    <Icon of={Trash2} aria-hidden="true" size={14} />
                  </ScriptButton>
                )}
                {!mine && onReport && (
                  <ScriptButton
                    className="message__delete"
                    onClick={() => onReport(message)}
                    aria-label={t.reports.reportMessage(other, quote)}
                  >
                    <Icon of={Flag} aria-hidden="true" size={14} />
                  </ScriptButton>
                )}
              </span>
            </div>
          </li>
        );
      })}
    </ol>
  );
}

import { formatZonedDate, type WorkPart } from "@inkwell/shared";
import { ArrowDown, ArrowUp, CalendarClock, GripVertical, Lock, Plus } from "lucide";
import { useEffect, useRef, useState } from "react";
import { browserApi } from "../../api/client.ts";
import { type AlertMessage, LiveAlert, useLiveMessage } from "../../components/alert.tsx";
import { ConfirmModal } from "../../components/confirm-modal.tsx";
import { Icon } from "../../components/icon.tsx";
import { ScriptButton } from "../../components/script-button.tsx";
import { t } from "../../i18n/index.ts";
import { useFocusAfterRemoval } from "../../lib/use-focus-after-removal.ts";
import { useReorder } from "../../lib/use-reorder.ts";
import { useTimeZone } from "../../lib/use-time-zone.ts";
import { PART_CONFIRMATIONS, type PartAction } from "./part-confirmations.ts";
import { schedulerUrl } from "./scheduler-link.ts";

/** A scheduled time reads on the writer's clock, as the publish modal's picker set it. */
function status(part: WorkPart, timeZone: string): string {
  if (!part.draft) {
    return part.unpublishedChanges ? t.writing.unpublishedChanges : t.works.status.published;
  }
  if (part.scheduledPublishDatetime) {
    return t.works.status.scheduled(formatZonedDate(part.scheduledPublishDatetime, timeZone));
  }
  return t.works.status.draft;
}

/**
 * The Table of Contents tab: parts in order with their status. Drag a row, or use Move up
 * and Move down from the keyboard, to reorder; unpublish or delete, each after a confirmation
 * (a live part goes offline for its readers at one tap otherwise).
 */
export function TableOfContents({ storyId, first }: { storyId: number; first: WorkPart[] }) {
  const [parts, setParts] = useState(first);
  const [message, setMessage] = useLiveMessage<AlertMessage>();
  const [asking, setAsking] = useState<{ part: WorkPart; action: PartAction } | null>(null);
  const ask = PART_CONFIRMATIONS[asking?.action ?? "delete"];
  const timeZone = useTimeZone();
  const failed = () => setMessage({ tone: "danger", text: t.works.actionFailed });
  const { scope, removing } = useFocusAfterRemoval(parts, ".toc-editor__info a, .profile__empty");
  const scheduleId = (id: number) => `part-schedule-${id}`;
  // Unpublish gives way to Schedule in its row: focus follows it there once the row shows it.
  const unpublished = useRef<number | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the rows change.
  useEffect(() => {
    if (unpublished.current === null) return;
    document.getElementById(scheduleId(unpublished.current))?.focus();
    unpublished.current = null;
  }, [parts]);
  const { dragged, move, buttonId, rowProps } = useReorder({
    items: parts,
    setItems: setParts,
    buttonIds: "part",
    save: async (next, moved) => {
      const result = await browserApi()
        .reorderParts(
          storyId,
          next.map((entry) => entry.id),
        )
        .catch(() => ({ ok: false as const }));
      const place = next.indexOf(moved) + 1;
      setMessage(
        result.ok
          ? { tone: "success", text: t.works.moved(moved.title, place, next.length) }
          : { tone: "danger", text: t.works.reorderFailed },
      );
      return result.ok;
    },
  });

  async function unpublish(part: WorkPart) {
    setAsking(null);
    const result = await browserApi()
      .unpublishPart(part.id)
      .catch(() => ({ ok: false as const }));
    if (!result.ok) return failed();
    setParts((all) =>
      all.map((entry) =>
        entry.id === part.id ? { ...entry, draft: true, publishedAt: null } : entry,
      ),
    );
    setMessage({ tone: "success", text: t.works.unpublished(part.title) });
    unpublished.current = part.id;
  }

  async function remove(part: WorkPart) {
    setAsking(null);
    const result = await browserApi()
      .deletePart(part.id)
      .catch(() => ({ ok: false as const }));
    if (!result.ok) return failed();
    removing(parts.indexOf(part));
    setParts((all) => all.filter((entry) => entry.id !== part.id));
    setMessage({ tone: "success", text: t.works.deleted(part.title) });
  }

  async function newPart() {
    const result = await browserApi()
      .createPart(storyId)
      .catch(() => ({ ok: false as const }));
    if (!result.ok) return failed();
    window.location.assign(`/myworks/${storyId}/write/${result.value.id}`);
  }

  return (
    <div className="toc-editor" ref={scope}>
      <LiveAlert message={message} />
      <ScriptButton className="button button--primary" onClick={newPart}>
        <Icon of={Plus} aria-hidden="true" size={18} />
        {t.works.newPart}
      </ScriptButton>
      {parts.length === 0 ? (
        <p className="profile__empty" tabIndex={-1}>
          {t.works.noParts}
        </p>
      ) : (
        <ol className="toc-editor__parts">
          {parts.map((part, index) => (
            <li
              key={part.id}
              className={`toc-editor__row${dragged === part.id ? " toc-editor__row--dragged" : ""}`}
              {...rowProps(index, part)}
            >
              <span className="toc-editor__grip" title={t.writing.dragHandle(part.title)}>
                <Icon of={GripVertical} aria-hidden="true" size={18} />
              </span>
              <div className="toc-editor__info">
                <a href={`/myworks/${storyId}/write/${part.id}`}>{part.title}</a>
                <span className={part.draft ? "toc-editor__status" : "toc-editor__status is-live"}>
                  {status(part, timeZone)}
                </span>
                {part.price !== null && (
                  <span className="toc-editor__paid">
                    <Icon of={Lock} aria-hidden="true" size={14} />
                    {t.works.paidPart(part.bonusTypeName, part.price)}
                  </span>
                )}
              </div>
              <div className="toc-editor__actions">
                <ScriptButton
                  id={buttonId("up", part.id)}
                  className="button toc-editor__move"
                  disabled={index === 0}
                  aria-label={t.works.moveUp(part.title)}
                  onClick={() => move(index, -1)}
                >
                  <Icon of={ArrowUp} aria-hidden="true" size={18} />
                </ScriptButton>
                <ScriptButton
                  id={buttonId("down", part.id)}
                  className="button toc-editor__move"
                  disabled={index === parts.length - 1}
                  aria-label={t.works.moveDown(part.title)}
                  onClick={() => move(index, 1)}
                >
                  <Icon of={ArrowDown} aria-hidden="true" size={18} />
                </ScriptButton>
                {part.draft ? (
                  <a
                    id={scheduleId(part.id)}
                    className="button"
                    href={schedulerUrl(storyId, part.id)}
                    aria-label={
                      part.scheduledPublishDatetime
                        ? t.works.changeScheduleOf(part.title)
                        : t.works.scheduleOf(part.title)
                    }
                  >
                    <Icon of={CalendarClock} aria-hidden="true" size={18} />
                    {part.scheduledPublishDatetime
                      ? t.works.editor.changeSchedule
                      : t.works.schedule}
                  </a>
                ) : (
                  <ScriptButton
                    className="button"
                    aria-label={t.works.unpublishOf(part.title)}
                    onClick={() => setAsking({ part, action: "unpublish" })}
                  >
                    {t.works.unpublish}
                  </ScriptButton>
                )}
                <ScriptButton
                  className="button button--danger-quiet"
                  aria-label={t.works.deletePartOf(part.title)}
                  onClick={() => setAsking({ part, action: "delete" })}
                >
                  {t.works.deletePart}
                </ScriptButton>
              </div>
            </li>
          ))}
        </ol>
      )}
      <ConfirmModal
        open={asking !== null}
        title={ask.title}
        text={ask.text(asking?.part.title ?? "")}
        cancelLabel={t.works.cancel}
        confirmLabel={ask.confirm}
        tone={ask.tone}
        onCancel={() => setAsking(null)}
        onConfirm={() => asking && (asking.action === "delete" ? remove : unpublish)(asking.part)}
      />
    </div>
  );
}

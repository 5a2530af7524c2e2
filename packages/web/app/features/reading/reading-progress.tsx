import {
  POSITION_SAVE_INTERVAL_MS,
  positionAt,
  progressPercent,
  scrollYFor,
  type TextBox,
} from "@inkwell/shared";
import { type RefObject, useEffect, useRef, useState } from "react";
import { browserApi } from "../../api/client.ts";
import { t } from "../../i18n/index.ts";
import { beaconForm } from "../../lib/beacon.ts";
import { anchorIn, type ParagraphAnchor, restoreAnchor } from "./paragraph-anchor.ts";

interface ProgressOptions {
  storyId: number;
  partId: number;
  /** Signed-in readers save their position; visitors only see their progress. */
  saves: boolean;
  /** The saved position in this part to scroll back to, or null to start at the top. */
  resumeAt: number | null;
}

function boxOf(text: HTMLElement): TextBox {
  const rect = text.getBoundingClientRect();
  return {
    textTop: rect.top + window.scrollY,
    textHeight: rect.height,
    viewportHeight: window.innerHeight,
  };
}

/** Saves the position as the page goes away. */
function beaconPosition(storyId: number, partId: number, position: number): void {
  beaconForm("/apiv2/syncreadingposition", {
    story_id: String(storyId),
    part_id: String(partId),
    position: String(position),
  });
}

/**
 * How far through the part's text (`textRef`) the reader is, 0 to 1. Scrolls back to the
 * saved position on arrival, keeps the paragraph at the window's top in place when the text
 * reflows (a larger font, a rotated phone), and saves the position while scrolling (at most every
 * POSITION_SAVE_INTERVAL_MS) and when the page goes away.
 */
export function useReadingProgress(
  textRef: RefObject<HTMLElement | null>,
  { storyId, partId, saves, resumeAt }: ProgressOptions,
): number {
  const [position, setPosition] = useState(resumeAt ?? 0);
  const current = useRef(resumeAt ?? 0);

  useEffect(() => {
    const text = textRef.current;
    if (!text) return;
    let saved = resumeAt;
    let lastSaveAt = 0;
    let saveTimer: ReturnType<typeof setTimeout> | undefined;
    let frame = 0;

    // Failed saves are dropped: the next scroll or the page's beacon saves again.
    const save = () => {
      saveTimer = undefined;
      lastSaveAt = Date.now();
      saved = current.current;
      browserApi()
        .saveReadingPosition(storyId, partId, current.current)
        .catch(() => undefined);
    };
    const scheduleSave = () => {
      if (!saves || saveTimer !== undefined || current.current === saved) return;
      const wait = Math.max(0, lastSaveAt + POSITION_SAVE_INTERVAL_MS - Date.now());
      saveTimer = setTimeout(save, wait);
    };
    // The paragraph at the window's top, measured while the text keeps the height it was held
    // at: a scroll that lands between a reflow and its hold measures the text already moved.
    let anchor: ParagraphAnchor | null = null;
    let heldHeight = text.offsetHeight;
    const measure = () => {
      frame = 0;
      if (text.offsetHeight === heldHeight) anchor = anchorIn(text);
      current.current = positionAt(window.scrollY, boxOf(text));
      setPosition(current.current);
      scheduleSave();
    };
    const onScroll = () => {
      frame ||= requestAnimationFrame(measure);
    };
    // Rounded up: a browser rounding a fractional offset down leaves the end at 99%.
    const place = () => {
      const top = Math.ceil(scrollYFor(current.current, boxOf(text)));
      window.scrollTo({ top, behavior: "instant" });
    };
    // Only a position inside the text needs holding: 0 and 1 cover the space around it. The
    // paragraph at the top stays there; a share of the whole text would drift by lines.
    const hold = () => {
      heldHeight = text.offsetHeight;
      if (current.current <= 0 || current.current >= 1) return;
      if (anchor?.paragraph.isConnected) restoreAnchor(anchor);
      else place();
    };
    const onPageHide = () => {
      if (!saves || current.current === saved) return;
      if (saveTimer !== undefined) clearTimeout(saveTimer);
      saveTimer = undefined;
      saved = current.current;
      beaconPosition(storyId, partId, current.current);
    };

    // Arriving, the reader is back where they left off, the text's very end (1) included: a
    // reader who finished the text stopped there, not at its top.
    if (current.current > 0) place();
    measure();
    const reflow = new ResizeObserver(hold);
    reflow.observe(text);
    window.addEventListener("scroll", onScroll, { passive: true });
    window.addEventListener("pagehide", onPageHide);
    return () => {
      reflow.disconnect();
      window.removeEventListener("scroll", onScroll);
      window.removeEventListener("pagehide", onPageHide);
      if (frame) cancelAnimationFrame(frame);
      if (saveTimer !== undefined) clearTimeout(saveTimer);
    };
  }, [textRef, storyId, partId, saves, resumeAt]);

  return position;
}

/**
 * A thin bar announced as "42% read": across the top of the window on the reading page, or
 * `inline` in its place in a list of stories (labelled with the story's title there, since
 * one list holds many).
 */
export function ProgressBar({
  position,
  inline,
}: {
  position: number;
  inline?: { label: string };
}) {
  const percent = progressPercent(position);
  return (
    <div
      className={inline ? "reading-progress reading-progress--inline" : "reading-progress"}
      role="progressbar"
      aria-label={inline?.label ?? t.reader.progressLabel}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={t.part.progress(percent)}
    >
      <div className="reading-progress__bar" style={{ width: `${percent}%` }} />
    </div>
  );
}

import { formatReadingTime, showsReadingTime } from "@inkwell/shared";
import { Clock, Eye, List, Star } from "lucide";
import type { ReactNode } from "react";
import { t } from "../i18n/index.ts";
import { Count } from "./count.tsx";
import { Icon, type IconNode } from "./icon.tsx";

interface StoryStatsProps {
  readCount: number;
  voteCount: number;
  numParts: number;
  /** Words in the published parts; reading time shows only for language 1. */
  length: number;
  languageId: number;
  compact?: boolean;
}

/** Reads, Votes, Parts and, for English stories, reading time. */
export function StoryStats({
  readCount,
  voteCount,
  numParts,
  length,
  languageId,
  compact = false,
}: StoryStatsProps) {
  const stats: { key: string; label: string; value: ReactNode; icon: IconNode }[] = [
    { key: "reads", label: t.story.reads, value: <Count value={readCount} />, icon: Eye },
    { key: "votes", label: t.story.votes, value: <Count value={voteCount} />, icon: Star },
    { key: "parts", label: t.story.parts, value: <Count value={numParts} />, icon: List },
  ];
  if (showsReadingTime(languageId)) {
    stats.push({ key: "time", label: t.story.time, value: formatReadingTime(length), icon: Clock });
  }
  return (
    <dl className={compact ? "stats stats--compact" : "stats"}>
      {stats.map(({ key, label, value, icon }) => (
        <div className="stats__item" key={key}>
          <dt>
            <Icon of={icon} aria-hidden="true" size={compact ? 14 : 16} />
            <span className={compact ? "visually-hidden" : undefined}>{label}</span>
          </dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

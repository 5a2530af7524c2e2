import type { DailyFigure } from "@inkwell/shared";
import { formatCount } from "@inkwell/shared";
import type { ReactNode } from "react";
import { t } from "../../i18n/index.ts";

const dayLabel = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString("en", {
    month: "short",
    day: "numeric",
    timeZone: "UTC",
  });

/**
 * A day-by-day bar chart of the last 30 days, under its total (a bare number beside the
 * title read as today's). Screen readers hear its summary (the total and the busiest day);
 * the figures themselves are one disclosure away, as a table.
 */
export function DailyChart({
  title,
  figures,
  info,
}: {
  title: string;
  figures: DailyFigure[];
  info?: ReactNode;
}) {
  const total = figures.reduce((sum, day) => sum + day.value, 0);
  const peak = figures.reduce<DailyFigure | null>(
    (best, day) => (best === null || day.value > best.value ? day : best),
    null,
  );
  const most = Math.max(1, peak?.value ?? 0);
  const summary = t.analytics.chartSummary(
    title,
    total,
    peak?.value ?? 0,
    peak ? dayLabel(peak.date) : "",
  );
  return (
    <section className="daily-chart">
      <div className="daily-chart__header">
        <h2>{title}</h2>
        {info}
      </div>
      <p className="daily-chart__period">{t.analytics.last30(total)}</p>
      <div
        className={total === 0 ? "daily-chart__bars daily-chart__bars--none" : "daily-chart__bars"}
        role="img"
        aria-label={summary}
      >
        {figures.map((day) => (
          <span
            key={day.date}
            className="daily-chart__bar"
            style={{ height: `${(day.value / most) * 100}%` }}
            title={`${dayLabel(day.date)}: ${day.value}`}
          />
        ))}
      </div>
      <div className="daily-chart__axis" aria-hidden="true">
        <span>{figures[0] ? dayLabel(figures[0].date) : ""}</span>
        <span>{figures.at(-1) ? dayLabel(figures.at(-1)?.date ?? "") : ""}</span>
      </div>
      <details className="daily-chart__table">
        <summary>{t.analytics.showTable}</summary>
        <table>
          <caption className="visually-hidden">{title}</caption>
          <thead>
            <tr>
              <th scope="col">{t.analytics.date}</th>
              <th scope="col">{t.analytics.count}</th>
            </tr>
          </thead>
          <tbody>
            {figures.map((day) => (
              <tr key={day.date}>
                <th scope="row">{dayLabel(day.date)}</th>
                <td>{formatCount(day.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </section>
  );
}

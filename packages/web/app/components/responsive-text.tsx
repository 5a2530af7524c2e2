import { truncate } from "@inkwell/shared";

/** One layout of a responsive cut: from `minWidth` px up (to the next wider one), `limit` characters. */
export interface Cut {
  minWidth: number;
  limit: number;
}

/**
 * The classes that show an element only in the layout at `index` of `minWidths` (widest
 * first): app.css hides `rt--from-{w}` below w px and `rt--below-{w}` from w px up.
 * Only the spec's breakpoints have rules: 400, 576 and 961 px.
 */
export function layoutClass(minWidths: readonly number[], index: number): string {
  const from = minWidths[index] ?? 0;
  const below = index > 0 ? minWidths[index - 1] : undefined;
  return ["rt", from > 0 && `rt--from-${from}`, below !== undefined && `rt--below-${below}`]
    .filter(Boolean)
    .join(" ");
}

/**
 * Text cut to a different length per layout (reader.md §9 limits): one copy per layout, and
 * CSS shows the one for the current width, so the server's HTML is already right on a
 * phone and nothing shifts after hydration. Screen readers get the whole text once.
 */
export function ResponsiveText({ text, cuts }: { text: string; cuts: readonly Cut[] }) {
  const copies = cuts.map((cut) => truncate(text, cut.limit));
  // One copy is enough when every width shows the same text.
  if (copies.every((copy) => copy === text)) return <>{text}</>;
  const minWidths = cuts.map((cut) => cut.minWidth);
  return (
    <>
      <span className="visually-hidden">{text}</span>
      {copies.map((copy, index) => (
        <span key={minWidths[index]} className={layoutClass(minWidths, index)} aria-hidden="true">
          {copy}
        </span>
      ))}
    </>
  );
}

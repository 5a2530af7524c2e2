import { truncate } from "@inkwell/shared";

/**
 * Text cut to a different length per layout (reader.md §9 limits): one copy per limit, and
 * CSS shows the one for the current width (`rt--{index}` in home.css), so the server's HTML
 * is already right on a phone and nothing shifts after hydration.
 */
export function ResponsiveText({ text, limits }: { text: string; limits: readonly number[] }) {
  const cuts = limits.map((limit) => truncate(text, limit));
  // One copy is enough when every width shows the same text.
  if (cuts.every((cut) => cut === text)) return <>{text}</>;
  return (
    <>
      {cuts.map((cut, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: one copy per fixed layout, in order.
        <span key={index} className={`rt rt--${index}`}>
          {cut}
        </span>
      ))}
    </>
  );
}

import { abbreviateCount, spokenCount } from "@inkwell/shared";

/** A count as cards show it ("2.2K"), read out in words ("2.2 thousand"). */
export function Count({ value }: { value: number }) {
  const shown = abbreviateCount(value);
  const spoken = spokenCount(value);
  if (shown === spoken) return <>{shown}</>;
  return (
    <>
      <span aria-hidden="true">{shown}</span>
      <span className="visually-hidden">{spoken}</span>
    </>
  );
}

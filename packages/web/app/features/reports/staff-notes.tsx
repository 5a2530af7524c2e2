import type { StaffNote } from "@inkwell/shared";
import { reportDate } from "./my-reports.tsx";
import "../../styles/staff-notes.css";

/** Staff notes, oldest first, each with who wrote it and when; `empty` when there are none. */
export function StaffNoteList({ notes, empty }: { notes: StaffNote[]; empty: string }) {
  if (notes.length === 0) return <p>{empty}</p>;
  return (
    <ul className="staff-notes">
      {notes.map((entry) => (
        <li key={entry.id}>
          <p>{entry.body}</p>
          <p className="staff-notes__meta">
            {entry.author ?? "—"} · {reportDate(entry.createdAt)}
          </p>
        </li>
      ))}
    </ul>
  );
}

import { type ChangeEvent, useState } from "react";
import { t } from "../i18n/index.ts";
import { croppedDataUrl, imageFileProblem } from "./image-files.ts";

/**
 * The change handler of an image file input, and what went wrong with the last file: other
 * types and large files are refused at once with the server's words; an image is handed
 * to `onPick` cropped to `size` as a JPEG data URL.
 */
export function useImagePicker(
  size: { width: number; height: number },
  onPick: (dataUrl: string) => void,
) {
  const [problem, setProblem] = useState<string | null>(null);

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // Choosing the same file again must fire another change.
    event.target.value = "";
    if (!file) return;
    const refusal = imageFileProblem(file);
    setProblem(refusal);
    if (refusal) return;
    const dataUrl = await croppedDataUrl(file, size).catch(() => null);
    if (dataUrl) onPick(dataUrl);
    else setProblem(t.covers.unreadable);
  }

  return { problem, choose, clearProblem: () => setProblem(null) };
}

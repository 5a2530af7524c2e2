import type { ChangeEvent, ReactNode } from "react";
import { t } from "../i18n/index.ts";
import {
  croppedDataUrl,
  fileAsDataUrl,
  IMAGE_ACCEPT,
  imageFileProblem,
} from "../lib/image-files.ts";
import { ErrorLine, useLiveMessage } from "./alert.tsx";

export interface PictureChooser {
  /** Why the last file chosen was refused, in the server's words; null once one is taken. */
  problem: string | null;
  choose: (event: ChangeEvent<HTMLInputElement>) => Promise<void>;
  clearProblem: () => void;
}

/**
 * What a PictureInput does with a file: other types and large files are refused at once,
 * without sending megabytes for a refusal; a picture is handed to `onPick` as a data URL,
 * cropped to `crop` as a JPEG when given (what the server would make of it), else as it is.
 * A refused file changes nothing else: a picture chosen before stays. Each refusal is said,
 * the same one again too (decision 087).
 */
export function usePictureChooser(
  onPick: (dataUrl: string) => void,
  crop?: { width: number; height: number },
): PictureChooser {
  const [problem, say] = useLiveMessage<string>();

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // Choosing the same file again must fire another change.
    event.target.value = "";
    if (!file) return;
    const refusal = imageFileProblem(file);
    say(refusal);
    if (refusal) return;
    const dataUrl = await (crop ? croppedDataUrl(file, crop) : fileAsDataUrl(file)).catch(
      () => null,
    );
    if (dataUrl) onPick(dataUrl);
    else say(t.pictures.unreadable);
  }

  return { problem, choose, clearProblem: () => say(null) };
}

/**
 * A picture file field, the same wherever one is chosen: 'Choose a picture', a label drawn
 * as a button over a hidden file input that takes the types the server takes, the buttons
 * beside it (`actions`: Remove…), the accepted types and what becomes of the picture
 * (`hint`), then the refusal of the last file, announced and named by the input.
 */
export function PictureInput({
  id,
  chooser,
  hint,
  actions,
  children,
}: {
  id: string;
  chooser: PictureChooser;
  hint?: string;
  actions?: ReactNode;
  /** Notes under the refusal: a picture waiting for Save, a hidden picture's notice. */
  children?: ReactNode;
}) {
  const { problem, choose } = chooser;
  return (
    <div className="picture-input">
      <div className="picture-input__buttons">
        {/* Right before its label: the label shows the input's keyboard focus (app.css). */}
        <input
          id={id}
          className="picture-input__file"
          type="file"
          accept={IMAGE_ACCEPT}
          aria-describedby={problem ? `${id}-hint ${id}-error` : `${id}-hint`}
          aria-invalid={problem ? true : undefined}
          onChange={choose}
        />
        <label className="button" htmlFor={id}>
          {t.pictures.choose}
        </label>
        {actions}
      </div>
      <p className="field__hint" id={`${id}-hint`}>
        {hint ? `${t.pictures.accepted} ${hint}` : t.pictures.accepted}
      </p>
      <ErrorLine id={`${id}-error`} text={problem} />
      {children}
    </div>
  );
}

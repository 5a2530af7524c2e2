import { COVER_SIZE } from "@inkwell/shared";
import { Cover } from "../../components/cover.tsx";
import { PictureInput, usePictureChooser } from "../../components/picture-input.tsx";
import { ScriptButton } from "../../components/script-button.tsx";
import { t } from "../../i18n/index.ts";
import { KEPT, type PictureChoice } from "../../lib/image-files.ts";
import { BannedCover, BannedImageNotice } from "../safety/banned-image.tsx";

interface CoverPickerProps {
  title: string;
  /** The saved cover. */
  cover: string | null;
  /** The cover as the form will save it: kept, a new 512 × 800 JPEG data URL, or removed. */
  choice: PictureChoice;
  onChange: (choice: PictureChoice) => void;
  /** Its writer may remove the saved cover (staff hide one by flagging it instead). */
  removable: boolean;
  /** The cover import screen for this story; none for a story not created yet. */
  importHref?: string;
  /** A cover moderators flagged: shown to the writer only, with the banned-image notice. */
  bannedCover?: string | null;
}

/**
 * The cover field of Story Details: the cover (or the one just chosen, or none once removed),
 * the picture input (it crops to 512 × 800), and Remove. Removing a new cover goes back to the saved one; removing the saved one waits
 * for Save, and Keep the cover takes it back until then.
 */
export function CoverPicker({
  title,
  cover,
  choice,
  onChange,
  removable,
  importHref,
  bannedCover,
}: CoverPickerProps) {
  const chooser = usePictureChooser((dataUrl) => onChange({ kind: "new", dataUrl }), COVER_SIZE);
  const saved = cover ?? bannedCover ?? null;
  const change = (next: PictureChoice) => {
    chooser.clearProblem();
    onChange(next);
  };

  return (
    <fieldset className="field cover-picker">
      <legend>{t.covers.label}</legend>
      {choice.kind === "new" ? (
        <img
          className="cover"
          src={choice.dataUrl}
          alt={t.covers.newCover}
          width={128}
          height={200}
        />
      ) : bannedCover && choice.kind === "kept" ? (
        <BannedCover src={bannedCover} title={title} width={128} />
      ) : (
        <Cover
          src={choice.kind === "kept" ? cover : null}
          title={title || t.works.newStory}
          width={128}
          eager
        />
      )}
      <PictureInput
        id="story-cover"
        chooser={chooser}
        hint={t.covers.crop}
        actions={
          <>
            {(choice.kind === "new" || (choice.kind === "kept" && saved && removable)) && (
              <ScriptButton
                className="button"
                onClick={() => change(choice.kind === "new" ? KEPT : { kind: "removed" })}
              >
                {t.covers.remove}
              </ScriptButton>
            )}
            {choice.kind === "removed" && (
              <ScriptButton className="button" onClick={() => change(KEPT)}>
                {t.covers.keep}
              </ScriptButton>
            )}
          </>
        }
      >
        {choice.kind !== "kept" && (
          <p className="field__hint">
            {choice.kind === "new" ? t.covers.pending : t.covers.removing}
          </p>
        )}
        {bannedCover && choice.kind === "kept" && <BannedImageNotice imageUrl={bannedCover} />}
        {importHref && (
          <a className="tap-target" href={importHref}>
            {t.covers.importLink}
          </a>
        )}
      </PictureInput>
    </fieldset>
  );
}

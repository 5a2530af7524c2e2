import { COVER_SIZE } from "@inkwell/shared";
import { ErrorLine } from "../../components/alert.tsx";
import { Cover } from "../../components/cover.tsx";
import { t } from "../../i18n/index.ts";
import { IMAGE_ACCEPT } from "../../lib/image-files.ts";
import { useImagePicker } from "../../lib/use-image-picker.ts";
import { BannedCover, BannedImageNotice } from "../safety/banned-image.tsx";

interface CoverPickerProps {
  title: string;
  cover: string | null;
  /** A chosen cover not saved yet, as a 512 × 800 JPEG data URL. */
  pending: string | null;
  onPick: (dataUrl: string) => void;
  /** The cover import screen for this story; none for a story not created yet. */
  importHref?: string;
  /** A cover moderators flagged: shown to the writer only, with the banned-image notice. */
  bannedCover?: string | null;
}

/**
 * The cover field of Story Details: the cover (or the one just chosen), and a file picker
 * that refuses other types and large files at once, with the server's words.
 */
export function CoverPicker({
  title,
  cover,
  pending,
  onPick,
  importHref,
  bannedCover,
}: CoverPickerProps) {
  const { problem, choose } = useImagePicker(COVER_SIZE, onPick);

  return (
    <fieldset className="field cover-picker">
      <legend>{t.covers.label}</legend>
      {pending ? (
        <img className="cover" src={pending} alt={t.covers.newCover} width={128} height={200} />
      ) : bannedCover ? (
        <BannedCover src={bannedCover} title={title} width={128} />
      ) : (
        <Cover src={cover} title={title || t.works.newStory} width={128} eager />
      )}
      <div className="cover-picker__controls">
        <input
          id="story-cover"
          className="cover-picker__input"
          type="file"
          accept={IMAGE_ACCEPT}
          aria-describedby="story-cover-hint"
          onChange={choose}
        />
        <label className="button" htmlFor="story-cover">
          {t.covers.choose}
        </label>
        <p className="field__hint" id="story-cover-hint">
          {t.covers.hint}
        </p>
        {pending && <p className="field__hint">{t.covers.pending}</p>}
        <ErrorLine text={problem} />
        {bannedCover && !pending && <BannedImageNotice imageUrl={bannedCover} />}
        {importHref && <a href={importHref}>{t.covers.importLink}</a>}
      </div>
    </fieldset>
  );
}

import {
  AVATAR_SIZES,
  backgroundSource,
  characterCount,
  HIGHLIGHT_COLOURS,
  type HighlightColour,
  isHighlightColour,
  PROFILE_ABOUT_MAX,
  PROFILE_BACKGROUND_SIZE,
  PROFILE_NAME_MAX,
  type ProfileEdit,
  type ProfileTextProblems,
  profileTextProblems,
  type UserProfile,
} from "@inkwell/shared";
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { browserApi } from "../../api/client.ts";
import { Alert } from "../../components/alert.tsx";
import { Avatar } from "../../components/avatar.tsx";
import { BusyButton } from "../../components/busy-button.tsx";
import { Modal } from "../../components/modal.tsx";
import { PictureInput, usePictureChooser } from "../../components/picture-input.tsx";
import { ScriptButton } from "../../components/script-button.tsx";
import { t } from "../../i18n/index.ts";
import { base64Of, KEPT, type PictureChoice } from "../../lib/image-files.ts";
import { BannedImageNotice } from "../safety/banned-image.tsx";

const AVATAR_SIDE = AVATAR_SIZES[AVATAR_SIZES.length - 1] as number;

/** What a picture choice sends: nothing when kept, base64 when new, null when removed. */
function pictureEdit(choice: PictureChoice): string | null | undefined {
  if (choice.kind === "new") return base64Of(choice.dataUrl);
  return choice.kind === "removed" ? null : undefined;
}

interface EditProfileModalProps {
  open: boolean;
  profile: UserProfile;
  onClose: () => void;
  onSaved: (profile: UserProfile) => void;
}

/**
 * The owner's profile form: name, about, profile and background pictures, highlight
 * colour. Pictures are cropped in the browser as the server would crop them (small uploads,
 * a true preview) and everything is sent with Save in one request, which the server takes
 * whole or refuses whole.
 */
export function EditProfileModal({ open, profile, onClose, onSaved }: EditProfileModalProps) {
  return (
    <Modal open={open} title={t.profile.edit.title} onClose={onClose} className="profile-edit">
      <EditProfileForm profile={profile} onClose={onClose} onSaved={onSaved} />
    </Modal>
  );
}

function EditProfileForm({ profile, onClose, onSaved }: Omit<EditProfileModalProps, "open">) {
  const texts = t.profile.edit;
  const [name, setName] = useState(profile.name);
  const [about, setAbout] = useState(profile.description);
  const [colour, setColour] = useState<HighlightColour | null>(
    isHighlightColour(profile.highlight_colour) ? profile.highlight_colour : null,
  );
  const [avatar, setAvatar] = useState<PictureChoice>(KEPT);
  const [background, setBackground] = useState<PictureChoice>(KEPT);
  const [problems, setProblems] = useState<ProfileTextProblems>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const summary = useRef<HTMLDivElement>(null);
  // A refusal is read out and shown where the form starts, above fields scrolled past.
  useEffect(() => {
    if (failure) summary.current?.focus();
  }, [failure]);

  async function save(event: FormEvent) {
    event.preventDefault();
    const found = profileTextProblems({ name, description: about });
    setProblems(found);
    setFailure(null);
    if (found.name || found.description) {
      document.getElementById(found.name ? "profile-name" : "profile-about")?.focus();
      return;
    }
    const edit: ProfileEdit = {
      name,
      description: about,
      highlight_colour: colour,
      avatar: pictureEdit(avatar),
      background: pictureEdit(background),
    };
    setBusy(true);
    const result = await browserApi()
      .editProfile(profile.username, edit)
      .catch(() => null);
    setBusy(false);
    if (result?.ok) {
      onSaved(result.value);
      return;
    }
    const fields = result?.refusal.fields ?? {};
    setProblems({ name: fields.name, description: fields.description });
    setFailure(result?.refusal.message ?? texts.failed);
  }

  const avatarSrc =
    avatar.kind === "new" ? avatar.dataUrl : avatar.kind === "removed" ? null : profile.avatar;
  const backgroundSrc =
    background.kind === "new"
      ? background.dataUrl
      : background.kind === "removed" || !profile.backgroundUrl
        ? null
        : backgroundSource(profile.backgroundUrl);

  return (
    <form className="modal__form profile-edit__form" onSubmit={save} noValidate>
      {failure && (
        <Alert tone="danger" ref={summary}>
          {failure}
        </Alert>
      )}
      <TextField
        id="profile-name"
        label={texts.name}
        hint={texts.nameHint}
        problem={problems.name}
        used={characterCount(name)}
        max={PROFILE_NAME_MAX}
      >
        {(describedBy) => (
          <input
            id="profile-name"
            type="text"
            autoComplete="name"
            value={name}
            onChange={(event) => setName(event.target.value)}
            aria-invalid={problems.name ? true : undefined}
            aria-describedby={describedBy}
          />
        )}
      </TextField>
      <TextField
        id="profile-about"
        label={texts.about}
        hint={texts.aboutHint}
        problem={problems.description}
        used={characterCount(about)}
        max={PROFILE_ABOUT_MAX}
      >
        {(describedBy) => (
          <textarea
            id="profile-about"
            rows={5}
            value={about}
            onChange={(event) => setAbout(event.target.value)}
            aria-invalid={problems.description ? true : undefined}
            aria-describedby={describedBy}
          />
        )}
      </TextField>
      <PictureField
        id="profile-avatar"
        label={texts.avatar}
        crop={texts.avatarCrop}
        choice={avatar}
        hasPicture={avatarSrc !== null}
        banned={profile.bannedAvatar}
        size={{ width: AVATAR_SIDE, height: AVATAR_SIDE }}
        onChange={setAvatar}
      >
        {avatar.kind === "new" ? (
          <img
            className="avatar"
            src={avatar.dataUrl}
            alt={texts.avatarNew}
            width={64}
            height={64}
          />
        ) : (
          <Avatar src={avatarSrc} name={name || profile.username} size={64} />
        )}
      </PictureField>
      <PictureField
        id="profile-background"
        label={texts.background}
        crop={texts.backgroundCrop}
        choice={background}
        hasPicture={backgroundSrc !== null}
        banned={profile.bannedBackground}
        size={PROFILE_BACKGROUND_SIZE}
        onChange={setBackground}
      >
        <div
          className="profile-edit__band"
          // The shorthand: the default band is a gradient, which a colour must replace.
          style={colour ? { background: colour } : undefined}
        >
          {backgroundSrc ? (
            <img src={backgroundSrc} alt={background.kind === "new" ? texts.backgroundNew : ""} />
          ) : (
            <span className="visually-hidden">{texts.backgroundNone}</span>
          )}
        </div>
      </PictureField>
      <fieldset className="field profile-edit__colours">
        <legend>{texts.colour}</legend>
        <p className="field__hint" id="profile-colour-hint">
          {texts.colourHint}
        </p>
        <div className="profile-edit__swatches">
          {[null, ...HIGHLIGHT_COLOURS].map((value) => (
            <label
              key={value ?? "default"}
              className={
                value
                  ? "profile-edit__swatch"
                  : "profile-edit__swatch profile-edit__swatch--default"
              }
              style={value ? { background: value } : undefined}
            >
              <input
                className="covering-input"
                type="radio"
                name="highlight_colour"
                checked={colour === value}
                onChange={() => setColour(value)}
                aria-describedby="profile-colour-hint"
              />
              <span className="visually-hidden">{texts.colours[value ?? "default"]}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="modal__actions">
        <BusyButton className="button button--primary" type="submit" busy={busy}>
          {busy ? texts.saving : texts.save}
        </BusyButton>
        <ScriptButton className="button" onClick={onClose}>
          {texts.cancel}
        </ScriptButton>
      </div>
    </form>
  );
}

/** A text field with its hint, its problem, and a count against its limit. */
function TextField({
  id,
  label,
  hint,
  problem,
  used,
  max,
  children,
}: {
  id: string;
  label: string;
  hint: string;
  problem: string | undefined;
  used: number;
  max: number;
  children: (describedBy: string) => ReactNode;
}) {
  const describedBy = [`${id}-hint`, `${id}-count`, problem && `${id}-error`]
    .filter(Boolean)
    .join(" ");
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children(describedBy)}
      <p className="field__hint" id={`${id}-hint`}>
        {hint}
      </p>
      <p
        className={
          used > max ? "field__hint field__count field__count--over" : "field__hint field__count"
        }
        id={`${id}-count`}
      >
        {t.profile.edit.count(used, max)}
      </p>
      {problem && (
        <p className="field__error" id={`${id}-error`}>
          {problem}
        </p>
      )}
    </div>
  );
}

/** A picture: its preview, the picture input (it crops to `size`), and Remove. */
function PictureField({
  id,
  label,
  crop,
  choice,
  hasPicture,
  banned,
  size,
  onChange,
  children,
}: {
  id: string;
  label: string;
  /** What becomes of the picture, for the hint. */
  crop: string;
  choice: PictureChoice;
  hasPicture: boolean;
  /** A picture moderators hid: its notice, until another is chosen or it is removed. */
  banned: string | undefined;
  size: { width: number; height: number };
  onChange: (choice: PictureChoice) => void;
  children: ReactNode;
}) {
  const texts = t.profile.edit;
  const chooser = usePictureChooser((dataUrl) => onChange({ kind: "new", dataUrl }), size);

  return (
    <fieldset className="field profile-edit__picture">
      <legend>{label}</legend>
      <div className="profile-edit__preview">{children}</div>
      <PictureInput
        id={id}
        chooser={chooser}
        hint={crop}
        actions={
          (hasPicture || (banned && choice.kind === "kept")) && (
            <ScriptButton
              className="button"
              onClick={() => {
                chooser.clearProblem();
                onChange({ kind: "removed" });
              }}
            >
              {texts.remove}
            </ScriptButton>
          )
        }
      >
        {choice.kind !== "kept" && (
          <p className="field__hint">{choice.kind === "new" ? texts.pending : texts.removing}</p>
        )}
        {banned && choice.kind === "kept" && <BannedImageNotice imageUrl={banned} thumbnail />}
      </PictureInput>
    </fieldset>
  );
}

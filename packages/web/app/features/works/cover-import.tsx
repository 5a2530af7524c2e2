import { COVER_PREVIEW_WIDTH, COVER_SIZE, type WorkSummary } from "@inkwell/shared";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { browserApi, type Refusal } from "../../api/client.ts";
import { Alert, failureOf, LiveAlert, useLiveMessage } from "../../components/alert.tsx";
import { Cover } from "../../components/cover.tsx";
import { usePictureChooser } from "../../components/picture-input.tsx";
import { ScriptButton } from "../../components/script-button.tsx";
import { t } from "../../i18n/index.ts";
import { base64Of, IMAGE_ACCEPT } from "../../lib/image-files.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";

type Phase = { name: "choosing" } | { name: "uploading" } | { name: "done"; story: WorkSummary };

const PREVIEW_HEIGHT = Math.round((COVER_PREVIEW_WIDTH * COVER_SIZE.height) / COVER_SIZE.width);

/**
 * The cover import screen of §2 and §4: the new cover at 256 px, the writer's stories with
 * the preselected one first, Next disabled until a story is chosen; uploading hides the
 * list; only a successful upload ends on the message with 'Go to story', which takes the
 * focus of the form it replaces.
 */
export function CoverImport({
  stories,
  preselected,
}: {
  stories: WorkSummary[];
  preselected: number | null;
}) {
  const ordered = [
    ...stories.filter((story) => story.id === preselected),
    ...stories.filter((story) => story.id !== preselected),
  ];
  const [image, setImage] = useState<string | null>(null);
  const [chosen, setChosen] = useState<number | null>(
    ordered[0]?.id === preselected ? preselected : null,
  );
  const [phase, setPhase] = useState<Phase>({ name: "choosing" });
  const [error, setError] = useLiveMessage<string>();
  const chooser = usePictureChooser((dataUrl) => {
    setImage(dataUrl);
    setError(null);
  }, COVER_SIZE);
  const hydrated = useHydrated();
  const done = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (phase.name === "done") done.current?.focus();
  }, [phase.name]);

  async function upload(event: FormEvent) {
    event.preventDefault();
    const story = stories.find((entry) => entry.id === chosen);
    if (!image || !story) return;
    setPhase({ name: "uploading" });
    setError(null);
    chooser.clearProblem();
    const result = await browserApi()
      .updateStoryCover(story.id, base64Of(image), "import")
      .catch(() => ({ ok: false as const, refusal: {} as Refusal }));
    if (result.ok) return setPhase({ name: "done", story });
    setError(result.refusal.message ?? t.covers.failed);
    setPhase({ name: "choosing" });
  }

  if (phase.name === "done") {
    return (
      <div className="cover-import__done">
        <Alert tone="success" ref={done}>
          {t.covers.done(phase.story.title)}
        </Alert>
        <a className="button button--primary" href={`/myworks/${phase.story.id}`}>
          {t.covers.goToStory}
        </a>
      </div>
    );
  }
  if (stories.length === 0) {
    return (
      <p className="profile__empty">
        {t.covers.noStories} <a href="/myworks/new">{t.covers.newStory}</a>
      </p>
    );
  }
  return (
    <form className="cover-import" onSubmit={upload}>
      <div className="field">
        <label htmlFor="cover-import-file">{t.covers.image}</label>
        <input
          id="cover-import-file"
          type="file"
          accept={IMAGE_ACCEPT}
          aria-describedby="cover-import-hint"
          disabled={!hydrated || phase.name === "uploading"}
          onChange={chooser.choose}
        />
        <p className="field__hint" id="cover-import-hint">
          {`${t.pictures.accepted} ${t.covers.crop}`}
        </p>
      </div>
      <LiveAlert message={failureOf(chooser.problem ?? error)} />
      {image && (
        <img
          className="cover cover-import__preview"
          src={image}
          alt={t.covers.newCover}
          width={COVER_PREVIEW_WIDTH}
          height={PREVIEW_HEIGHT}
        />
      )}
      <p className="cover-import__uploading live-region" role="status">
        {phase.name === "uploading" && (
          <>
            <span className="spinner" aria-hidden="true" />
            {t.covers.uploading}
          </>
        )}
      </p>
      {phase.name !== "uploading" && (
        <fieldset className="cover-import__stories">
          <legend>{t.covers.chooseStory}</legend>
          {ordered.map((story) => (
            <label key={story.id} className="cover-import__story">
              <input
                type="radio"
                name="story"
                value={story.id}
                checked={chosen === story.id}
                onChange={() => setChosen(story.id)}
              />
              <Cover src={story.cover} title={story.title} width={48} />
              <span>{story.title}</span>
            </label>
          ))}
        </fieldset>
      )}
      <div className="cover-import__actions">
        <ScriptButton
          className="button button--primary"
          type="submit"
          disabled={!image || chosen === null || phase.name === "uploading"}
        >
          {t.covers.next}
        </ScriptButton>
      </div>
    </form>
  );
}

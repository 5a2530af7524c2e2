import { IMAGE_MODERATION_MESSAGES } from "@inkwell/shared";
import { TriangleAlert } from "lucide";
import { Cover } from "../../components/cover.tsx";
import { Icon } from "../../components/icon.tsx";
import { t } from "../../i18n/index.ts";

/** Where a writer appeals one of their flagged images. */
export const appealUrl = (imageUrl: string) =>
  `/image-appeal?image_url=${encodeURIComponent(imageUrl)}`;

/**
 * The banned-image notice (writer-paid-contest.md §2): the image is hidden from everyone
 * but its owner, who may learn why and appeal.
 */
export function BannedImageNotice({
  imageUrl,
  thumbnail = false,
}: {
  imageUrl: string;
  /** Show which image it is, where the notice stands apart from it. */
  thumbnail?: boolean;
}) {
  return (
    <div className="banned-image-notice" role="note">
      {thumbnail ? (
        <img className="banned-image-notice__image" src={imageUrl} alt="" width={48} />
      ) : (
        <Icon of={TriangleAlert} aria-hidden="true" size={18} />
      )}
      <p>
        {IMAGE_MODERATION_MESSAGES.bannedNotice}{" "}
        <a href="/guidelines">{t.imageModeration.learnMore}</a>
        {" · "}
        <a href={appealUrl(imageUrl)}>{t.imageModeration.appeal}</a>
      </p>
    </div>
  );
}

interface BannedCoverProps {
  src: string;
  title: string;
  width: number;
  className?: string;
  sizes?: string;
}

/** A writer's own flagged cover, under the warning overlay of their story's preview. */
export function BannedCover({ src, title, width, className = "", sizes }: BannedCoverProps) {
  return (
    <div className={`banned-cover ${className}`}>
      <Cover src={src} title={title} width={width} eager sizes={sizes} />
      <div className="banned-cover__overlay">
        <Icon of={TriangleAlert} aria-hidden="true" size={22} />
        <span>{t.imageModeration.coverWarning}</span>
        <a href={appealUrl(src)}>{t.imageModeration.appeal}</a>
      </div>
    </div>
  );
}

import type { Badge } from "@inkwell/shared";
import { BadgeCheck, ShieldCheck, Sparkles } from "lucide";
import { t } from "../i18n/index.ts";
import { Icon, type IconNode } from "./icon.tsx";

const ICONS: Record<Badge, IconNode> = {
  verified: BadgeCheck,
  staff: ShieldCheck,
  ambassador: Sparkles,
};

/** Verified, staff and ambassador badges beside a name; each is named for screen readers. */
export function UserBadges({ badges }: { badges: Badge[] }) {
  if (badges.length === 0) return null;
  return (
    <span className="user-badges">
      {badges.map((badge) => {
        return (
          <span key={badge} className={`user-badge user-badge--${badge}`} title={t.badges[badge]}>
            <Icon of={ICONS[badge]} aria-hidden="true" size={16} />
            <span className="visually-hidden">{t.badges[badge]}</span>
          </span>
        );
      })}
    </span>
  );
}

/** Feature flags the web client reads from GET /api/v3/internal/features?platform=web. */
export const FEATURE_DEFAULTS = {
  NEW_ONBOARDING_1: true,
  /** The featured carousel autoplays every 5000 ms instead of 5500 (reader.md §9). */
  HFC_LIMIT_INCREASE: false,
  /** The wallet button opens the Coin Shop (writer-paid-contest.md §1, §4); off, it shows how
   * to buy Coins in the app. */
  WEB_COIN_PURCHASING: false,
  can_send_private_message: true,
  display_warning_notice: false,
  display_deprecation_notice: false,
} as const;

export type FeatureName = keyof typeof FEATURE_DEFAULTS;

export const isFeatureName = (name: string): name is FeatureName =>
  Object.hasOwn(FEATURE_DEFAULTS, name);

/**
 * Feature settings that hold a value rather than on or off: the day user-to-user
 * messaging ends (YYYY-MM-DD), which the warning notice names. Unset until an admin sets it.
 */
export const FEATURE_SETTINGS = ["messaging_end_date"] as const;

export type FeatureSettingName = (typeof FEATURE_SETTINGS)[number];

export const isFeatureSettingName = (name: string): name is FeatureSettingName =>
  FEATURE_SETTINGS.some((setting) => setting === name);

export interface Features {
  NEW_ONBOARDING_1: boolean;
  HFC_LIMIT_INCREASE: boolean;
  WEB_COIN_PURCHASING: boolean;
  private_message: {
    can_send_private_message: boolean;
    display_warning_notice: boolean;
    display_deprecation_notice: boolean;
    /** The day user-to-user messaging ends (YYYY-MM-DD), or null when none is set. */
    messaging_end_date: string | null;
  };
}

/**
 * Whether messaging that ends on `endDate` (YYYY-MM-DD; null: no end set) is over at `now`:
 * once that day is over in UTC, so that nowhere in the world does it end before the day the
 * notice names (decision 156).
 */
export function messagingEnded(endDate: string | null, now: number): boolean {
  if (endDate === null) return false;
  const [year, month, day] = endDate.split("-").map(Number);
  return now >= Date.UTC(year as number, (month as number) - 1, (day as number) + 1);
}

/**
 * The answer's shape from flag values and settings (defaults where an admin set nothing).
 * Once the messaging end date is over, messaging is off whatever the flags say: no one can
 * send, and the inbox says direct messages are no longer available.
 */
export function featuresFrom(
  values: Partial<Record<FeatureName, boolean>>,
  settings: Partial<Record<FeatureSettingName, string>> = {},
  now = Date.now(),
): Features {
  const flag = (name: FeatureName) => values[name] ?? FEATURE_DEFAULTS[name];
  const endDate = settings.messaging_end_date ?? null;
  const ended = messagingEnded(endDate, now);
  return {
    NEW_ONBOARDING_1: flag("NEW_ONBOARDING_1"),
    HFC_LIMIT_INCREASE: flag("HFC_LIMIT_INCREASE"),
    WEB_COIN_PURCHASING: flag("WEB_COIN_PURCHASING"),
    private_message: {
      can_send_private_message: !ended && flag("can_send_private_message"),
      display_warning_notice: !ended && flag("display_warning_notice"),
      display_deprecation_notice: ended || flag("display_deprecation_notice"),
      messaging_end_date: endDate,
    },
  };
}

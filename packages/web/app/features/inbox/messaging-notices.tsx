import type { Features } from "@inkwell/shared";
import { Alert } from "../../components/alert.tsx";
import { t } from "../../i18n/index.ts";

/** The deprecation and warning notices the feature flags turn on; the warning names the end date. */
export function MessagingNotices({
  permissions,
}: {
  permissions: Features["private_message"] | undefined;
}) {
  return (
    <>
      {permissions?.display_deprecation_notice && <Alert tone="info">{t.inbox.deprecation}</Alert>}
      {permissions?.display_warning_notice && (
        <Alert tone="info">{t.inbox.warning(permissions.messaging_end_date)}</Alert>
      )}
    </>
  );
}

import { useTranslation } from 'react-i18next'
import { READ_ONLY_REASON_ID, useShownBudgetPermissions } from './openBudgetAccess.ts'

/**
 * At the top of every screen of a budget the caller may only read (both route sets): it says why nothing can be
 * changed, and every disabled editing control points at its text.
 */
export const ReadOnlyBanner = () => {
  const { t } = useTranslation()
  const permissions = useShownBudgetPermissions()
  if (permissions === null || permissions.readOnlyReason === null) return null
  return (
    <div className="read-only-banner" role="note" data-testid="read-only-banner">
      <p id={READ_ONLY_REASON_ID} className="read-only-banner__text">
        {t(
          permissions.readOnlyReason === 'readAccess'
            ? 'budgetAccess.banner.readOnly'
            : 'budgetAccess.banner.notMember',
        )}
      </p>
    </div>
  )
}

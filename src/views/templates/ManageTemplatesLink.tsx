import './texts.ts'
import { Link } from 'react-aria-components'
import { useTranslation } from 'react-i18next'
import type { PeriodKey } from '../../../schemas/money.ts'
import { useDevice } from '../../layouts/useDevice.ts'
import { useBudget } from '../../openBudget/OpenBudget.tsx'
import { paths } from '../../router/paths.ts'

/** The list of recurring transactions ("Cykliczne") lives beside the accounts; this leads there from the month. */
export function ManageTemplatesLink({ periodKey }: { readonly periodKey: PeriodKey }) {
  const { t } = useTranslation()
  const device = useDevice()
  const budgetId = useBudget((snapshot) => snapshot.context.budgetId)
  const href =
    device === 'mobile'
      ? paths.bankAccounts(budgetId, periodKey)
      : paths.period(budgetId, periodKey, { view: 'accounts' })
  return (
    <Link className="button button--quiet" href={`${href}#${RECURRING_ANCHOR}`}>
      {t('templates.category.manage')}
    </Link>
  )
}

/** The id of the "Cykliczne" card, the link's target on the accounts screen. */
export const RECURRING_ANCHOR = 'recurring'

import { Link } from 'react-aria-components'
import { useTranslation } from 'react-i18next'
import { BudgetId } from '../../../schemas/ids.ts'
import { useDevice } from '../../layouts/useDevice.ts'
import { paths } from '../../router/paths.ts'

/** What the user may not have: a budget that is gone or never was theirs. */
export function BudgetNotFound() {
  const { t } = useTranslation()
  const device = useDevice()
  return (
    <div className="notice budgets__notice" role="alert">
      <p>{t('budgets.notFound')}</p>
      <Link className="button button--quiet" href={paths.budgetsList(device)}>
        {t('budgets.backToList')}
      </Link>
    </div>
  )
}

export const parseBudgetId = (value: string | undefined): BudgetId | null =>
  value === undefined || value === '' ? null : BudgetId.make(value)

import './texts.ts'
import './bankImport.css'
import { useParams, useSearch } from '@tanstack/react-router'
import { Link } from 'react-aria-components'
import { useTranslation } from 'react-i18next'
import { useDevice } from '../../layouts/useDevice.ts'
import { EditorsOnly } from '../../openBudget/EditorsOnly.tsx'
import { OpenBudget } from '../../openBudget/OpenBudget.tsx'
import type { ImportSearch } from '../../router/budgetSearch.ts'
import { paths } from '../../router/paths.ts'
import { BudgetReady } from '../accounts/shared.tsx'
import { lastBudget } from '../budgetList/lastBudget.ts'
import { ImportScreen } from './ImportScreen.tsx'

/**
 * `/budget/$budgetId/import` (both devices; a phone may leave the budget out, then the last one opened is meant):
 * the bank-file import of issue 28, with `?account=` preselecting the account.
 */
export function ImportTransactionsRoute() {
  const { t } = useTranslation()
  const device = useDevice()
  const params: { readonly budgetId?: string } = useParams({ strict: false })
  const search: ImportSearch = useSearch({ strict: false })
  const budgetId = params.budgetId ?? lastBudget()
  if (budgetId === null)
    return (
      <section className="import-screen">
        <p className="notice">{t('bankImport.noBudget')}</p>
        <Link className="button button--primary" href={paths.budgetsList(device)}>
          {t('bankImport.chooseBudget')}
        </Link>
      </section>
    )
  return (
    <OpenBudget budgetId={budgetId}>
      <BudgetReady>
        <EditorsOnly>
          <ImportScreen
            budgetId={budgetId}
            accountId={search.account ?? null}
            dialog={search.dialog ?? null}
          />
        </EditorsOnly>
      </BudgetReady>
    </OpenBudget>
  )
}

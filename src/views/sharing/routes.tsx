import './sharing.css'
import './texts.ts'
import '../budgetList/texts.ts'
import { useParams } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { useEffect } from 'react'
import { Link } from 'react-aria-components'
import { useTranslation } from 'react-i18next'
import { selectBudgetById, selectBudgetsLoadState } from '../../../machines/budgetList/index.ts'
import { paths } from '../../router/paths.ts'
import { BudgetNotFound, parseBudgetId } from '../budgetList/BudgetNotFound.tsx'
import { LoadFailed } from '../budgetList/BudgetsScreen.tsx'
import { useBudgetsActor } from '../budgetList/useBudgetsActor.ts'
import { InvitationPage } from './InvitationPage.tsx'
import { MembersSection } from './MembersSection.tsx'

/** Phones: `{budgetId}/invite` ('Zaproś do budżetu'): the invite form, members and pending invitations. */
export function InviteRoute() {
  const { budgetId } = useParams({ strict: false })
  const id = parseBudgetId(budgetId)
  const { t } = useTranslation()
  const budgets = useBudgetsActor()
  const loadState = useSelector(budgets, selectBudgetsLoadState)
  const budget = useSelector(budgets, (snapshot) =>
    id === null ? undefined : selectBudgetById(snapshot, id),
  )
  useEffect(() => {
    if (id !== null) budgets.send({ type: 'budgets.target', budgetId: id })
  }, [budgets, id])
  if (id === null) return <BudgetNotFound />
  if (loadState === 'loading') return <p role="status">{t('budgets.loading')}</p>
  if (loadState === 'failed') return <LoadFailed budgets={budgets} />
  if (budget === undefined) return <BudgetNotFound />
  return (
    <div className="budget-settings">
      <MembersSection key={id} budgetId={id} budgetName={budget.name} owner={budget.role === 'Owner'} />
      <div className="budget-settings__actions">
        <Link className="button button--quiet" href={paths.budgetSettings(id)}>
          {t('routes.budgetSettings')}
        </Link>
      </div>
    </div>
  )
}

/** `/invitation/{token}` on both route trees. */
export function InvitationRoute() {
  const { token } = useParams({ strict: false })
  return <InvitationPage key={token} token={token ?? ''} />
}

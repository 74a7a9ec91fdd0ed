import { useSelector } from '@xstate/react'
import { createContext, type ReactNode, useContext, useEffect, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import type { SnapshotFrom } from 'xstate'
import { getAnalyticsRef, getToastsRef } from '../../machines/app/index.ts'
import type { budgetMachine } from '../../machines/budget/index.ts'
import { selectBudget } from '../../machines/budget/index.ts'
import type { DialogEnv } from '../../machines/dialogs/shared/index.ts'
import { selectSubject } from '../../machines/session/session.selectors.ts'
import { BudgetId, UserId } from '../../schemas/ids.ts'
import { CurrencyCode } from '../../schemas/money.ts'
import { useAppActor } from '../app/AppActor.tsx'
import { useAuth } from '../auth/AuthContext.tsx'
import { type BudgetRef, openBudgetActor } from './openBudget.ts'

const DEFAULT_CURRENCY = CurrencyCode.make('PLN')

export type BudgetSnapshot = SnapshotFrom<typeof budgetMachine>

const OpenBudgetContext = createContext<BudgetRef | null>(null)

/** Opens the budget of the route (or keeps it open) for everything below. */
export function OpenBudget({
  budgetId,
  children,
}: {
  readonly budgetId: string
  readonly children: ReactNode
}) {
  const app = useAppActor()
  const { session } = useAuth()
  const subject = useSelector(session, selectSubject) ?? 'anonymous'
  const actor = useMemo(
    () => openBudgetActor(BudgetId.make(budgetId), UserId.make(subject), getToastsRef(app)),
    [app, budgetId, subject],
  )
  return <OpenBudgetContext.Provider value={actor}>{children}</OpenBudgetContext.Provider>
}

export const useBudgetRef = (): BudgetRef => {
  const actor = useContext(OpenBudgetContext)
  if (actor === null) throw new Error('useBudgetRef outside <OpenBudget>')
  return actor
}

/** Reads the open budget through a selector (views never touch the snapshot directly). */
export const useBudget = <T,>(
  selector: (snapshot: BudgetSnapshot) => T,
  compare?: (a: T, b: T) => boolean,
): T => useSelector(useBudgetRef(), selector, compare)

/**
 * For views that list transactions: a budget opens from its summary (the month, without its transactions) and reads
 * the transactions once such a view is on screen. Pair it with `selectTransactionsLoadState` for the loading state.
 */
export const useNeedTransactions = (): void => {
  const budget = useBudgetRef()
  useEffect(() => {
    budget.send({ type: 'budget.needTransactions' })
  }, [budget])
}

/** What every dialog machine needs: the open budget, analytics, the budget's currency and the user's locale. */
export const useDialogEnv = (): DialogEnv => {
  const budget = useBudgetRef()
  const app = useAppActor()
  const { i18n } = useTranslation()
  const currency = useBudget(selectBudget)?.currency ?? DEFAULT_CURRENCY
  const locale = i18n.resolvedLanguage ?? 'pl'
  return useMemo(
    () => ({
      budget,
      analytics: getAnalyticsRef(app),
      currency,
      locale,
      newId: () => crypto.randomUUID(),
    }),
    [app, budget, currency, locale],
  )
}

import { useSelector } from '@xstate/react'
import { createContext, type ReactNode, useContext, useEffect, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import type { SnapshotFrom } from 'xstate'
import {
  getAnalyticsRef,
  type OpenBudgetRef,
  selectBudgetWanted,
  selectOpenBudget,
} from '../../machines/app/index.ts'
import type { DialogEnv } from '../../machines/dialogs/shared/index.ts'
import type { budgetMachine } from '../../machines/openBudget/index.ts'
import { type BudgetPermissions, selectBudget, selectPermissions } from '../../machines/openBudget/index.ts'
import { selectSubject } from '../../machines/session/session.selectors.ts'
import { BudgetId, UserId } from '../../schemas/ids.ts'
import { CurrencyCode } from '../../schemas/money.ts'
import { useAppActor } from '../app/AppActor.tsx'
import { useAuth } from '../auth/AuthContext.tsx'
import { READ_ONLY_REASON_ID } from '../layouts/openBudgetAccess.ts'

const DEFAULT_CURRENCY = CurrencyCode.make('PLN')

export type BudgetSnapshot = SnapshotFrom<typeof budgetMachine>

export type BudgetRef = OpenBudgetRef

const OpenBudgetContext = createContext<BudgetRef | null>(null)

/**
 * Hands the open budget (the app actor's child, system id 'openBudget') to everything below. The route's loader
 * usually opened it already; views reached without one (accounts, transactions) open it here. Every view of the
 * same budget shares its actor, so moving between them neither re-reads nor drops pending writes. Nothing renders
 * until the budget's code is in (a moment: the view's own code brought it).
 */
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
  useEffect(() => {
    app.send({ type: 'budget.open', budgetId: BudgetId.make(budgetId), userId: UserId.make(subject) })
  }, [app, budgetId, subject])
  const wanted = useSelector(app, selectBudgetWanted)
  const actor = useSelector(app, selectOpenBudget)
  const shown = wanted?.budgetId === budgetId && wanted.userId === subject ? actor : null
  if (shown === null) return null
  return <OpenBudgetContext.Provider value={shown}>{children}</OpenBudgetContext.Provider>
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

/** What the caller may do in the open budget (canEdit, isOwner, and why not): the one place screens ask. */
export const usePermissions = (): BudgetPermissions => useBudget(selectPermissions)

/** What an editing control that stays on screen for a reader gets: disabled, its reason the banner's text. */
export type EditGate = { readonly isDisabled?: true; readonly 'aria-describedby'?: string }

const OPEN: EditGate = {}
const SHUT: EditGate = { isDisabled: true, 'aria-describedby': READ_ONLY_REASON_ID }

/** Spread onto an editing control (`<Button {...useEditGate()}>`): nothing for an editor, disabled for a reader. */
export const useEditGate = (): EditGate => (usePermissions().canEdit ? OPEN : SHUT)

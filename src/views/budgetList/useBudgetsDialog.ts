import { useNavigate, useSearch } from '@tanstack/react-router'
import { useCallback } from 'react'
import type { BudgetId } from '../../../schemas/ids.ts'
import type { BudgetsDialogName, BudgetsSearch } from '../../router/budgetSearch.ts'

/** The open dialog of the budgets list or a budget's settings, and the budget it acts on (none: create, or the page's). */
export type BudgetsDialog = { readonly kind: BudgetsDialogName; readonly budgetId?: BudgetId | undefined }

/** The dialog an address holds: a budget's dialog without its budget means the page's own (settings). */
export const budgetsDialogOf = (search: BudgetsSearch): BudgetsDialog | null =>
  search.dialog === undefined ? null : { kind: search.dialog, budgetId: search.dialogBudget }

const searchOf = (dialog: BudgetsDialog | null): BudgetsSearch => ({
  dialog: dialog?.kind,
  dialogBudget: dialog?.budgetId,
})

/**
 * The budgets screens' dialogs live in the address (`?dialog=…&dialogBudget=…`), like the month's: Back closes one,
 * reload keeps it and a link opens it. Closing replaces the address, so a next open is never undone by a late Back.
 */
export const useBudgetsDialog = () => {
  const search: BudgetsSearch = useSearch({ strict: false })
  const navigate = useNavigate()
  const open = useCallback(
    (dialog: BudgetsDialog) =>
      void navigate({ to: '.', search: (previous) => ({ ...previous, ...searchOf(dialog) }) }),
    [navigate],
  )
  const close = useCallback(
    () =>
      void navigate({ to: '.', search: (previous) => ({ ...previous, ...searchOf(null) }), replace: true }),
    [navigate],
  )
  return { dialog: budgetsDialogOf(search), open, close }
}

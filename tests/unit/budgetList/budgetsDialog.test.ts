import { describe, expect, it } from 'vitest'
import { BudgetId } from '../../../schemas/ids.ts'
import { validateBudgetsSearch } from '../../../src/router/budgetSearch.ts'
import { budgetsDialogOf } from '../../../src/views/budgetList/useBudgetsDialog.ts'

const HOME = BudgetId.make('home')

describe('the budgets screens’ dialog addresses', () => {
  it('reads a dialog and the budget it acts on', () => {
    expect(budgetsDialogOf(validateBudgetsSearch({ dialog: 'deleteBudget', dialogBudget: 'home' }))).toEqual({
      kind: 'deleteBudget',
      budgetId: HOME,
    })
  })

  it('reads a settings dialog without a budget as the page’s own', () => {
    expect(budgetsDialogOf(validateBudgetsSearch({ dialog: 'resetBudget' }))).toEqual({
      kind: 'resetBudget',
      budgetId: undefined,
    })
  })

  it('drops a parameter that does not decode, not the page', () => {
    expect(validateBudgetsSearch({ dialog: 'formatDisk', dialogBudget: 'home' })).toEqual({
      dialogBudget: HOME,
    })
    expect(budgetsDialogOf(validateBudgetsSearch({ dialog: 'formatDisk' }))).toBeNull()
    expect(validateBudgetsSearch({ dialog: 'editBudget', dialogBudget: 42 })).toEqual({
      dialog: 'editBudget',
    })
  })
})

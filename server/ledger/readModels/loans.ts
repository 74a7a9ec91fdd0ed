import type { Loan } from '../../../schemas/loans.ts'
import { changedKeys, comparedWhole, deleteByIds, insertChunks, type ReadModel } from './readModel.ts'

/** A loan's row: the loan as the budget snapshot keeps it (schemas/budgetSnapshot.ts `loans`). */
export const loanRow = (budgetId: string, loan: Loan) => ({
  budget_id: budgetId,
  id: loan.id,
  record: JSON.stringify(loan),
})

/** `budget_loans`: the loans, compared whole; a changed one is written again. */
export const loans: ReadModel = {
  table: 'budget_loans',
  pass: comparedWhole(async (out, { budgetId, before, after }) => {
    const { upserted, removed } = changedKeys(before.loans, after.loans)
    if (removed.length + upserted.length === 0) return
    await deleteByIds(out, 'budget_loans', budgetId, [...removed, ...upserted])
    const rows = upserted.flatMap((id) => {
      const loan = after.loans.get(id)
      return loan ? [loanRow(budgetId, loan)] : []
    })
    await insertChunks(out, 'budget_loans', rows)
  }),
  rows: (budgetId, state) => [...state.loans.values()].map((loan) => loanRow(budgetId, loan)),
}

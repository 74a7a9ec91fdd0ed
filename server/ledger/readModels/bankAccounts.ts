import { accountRow } from '../rows.ts'
import { changedKeys, comparedWhole, deleteByIds, type ReadModel } from './readModel.ts'

/** `bank_accounts`: each account with its cleared and uncleared totals, compared whole (accounts and totals). */
export const bankAccounts: ReadModel = {
  table: 'bank_accounts',
  pass: comparedWhole(async (out, { budgetId, before, after }) => {
    const accounts = changedKeys(before.accounts, after.accounts)
    const totals = changedKeys(before.accountTotals, after.accountTotals)
    const rows = [...new Set([...accounts.upserted, ...totals.upserted])].flatMap((id) => {
      const account = after.accounts.get(id)
      return account ? [accountRow(budgetId, account, after.accountTotals.get(id))] : []
    })
    if (rows.length > 0) {
      await out.change(
        out.db
          .insertInto('bank_accounts')
          .values(rows)
          .onConflict((oc) =>
            oc.columns(['budget_id', 'id']).doUpdateSet((eb) => ({
              name: eb.ref('excluded.name'),
              type: eb.ref('excluded.type'),
              state: eb.ref('excluded.state'),
              opening_balance: eb.ref('excluded.opening_balance'),
              opening_date: eb.ref('excluded.opening_date'),
              last_reconciled_at: eb.ref('excluded.last_reconciled_at'),
              off_budget: eb.ref('excluded.off_budget'),
              cleared: eb.ref('excluded.cleared'),
              uncleared: eb.ref('excluded.uncleared'),
            })),
          ),
        'bank_accounts',
      )
    }
    await deleteByIds(out, 'bank_accounts', budgetId, accounts.removed)
  }),
  rows: (budgetId, state) =>
    [...state.accounts.values()].map((account) =>
      accountRow(budgetId, account, state.accountTotals.get(account.id)),
    ),
}

import { sql } from 'kysely'
import { absurd } from '../../../domain/absurd.ts'
import { periodOfDate } from '../../../domain/period.ts'
import { entriesIn, getIn } from '../../../domain/state.ts'
import type { BankAccountId } from '../../../schemas/ids.ts'
import type { PeriodKey } from '../../../schemas/money.ts'
import { jsonbParameter } from '../../db/jsonParameters.ts'
import { type AccountMonthInsert, accountMonthRow } from '../rows.ts'
import { deletePairs, type Pass, pairKey, type ReadModel, splitKey } from './readModel.ts'
import { transactionVersions } from './transactionVersions.ts'

const pass = (): Pass => {
  /** (account, period) pairs whose net changed. */
  const keys = new Set<string>()
  return {
    touch: (before, event) => {
      switch (event._tag) {
        case 'TransactionAdded':
        case 'TransactionEdited':
        case 'TransactionDeleted':
        case 'TransferAdded':
        case 'TransferEdited':
        case 'TransferDeleted':
        case 'TransactionsImported':
        case 'ImportUndone':
          for (const transaction of transactionVersions(before, event))
            if (transaction !== undefined)
              keys.add(pairKey(transaction.bankAccountId, periodOfDate(transaction.date)))
          return
        case 'BankAccountOpened':
          keys.add(pairKey(event.bankAccountId, periodOfDate(event.openingDate)))
          return
        case 'BudgetCreated':
        case 'BudgetRenamed':
        case 'CurrencyChanged':
        case 'BudgetReset':
        case 'BudgetDeleted':
        case 'IncomeDestinationCreated':
        case 'CategoryGroupCreated':
        case 'CategoryGroupRenamed':
        case 'CategoryGroupsReordered':
        case 'CategoryGroupHiddenChanged':
        case 'CategoryGroupDeleted':
        case 'CategoryCreated':
        case 'CategoryRenamed':
        case 'CategoriesReordered':
        case 'CategoryHiddenChanged':
        case 'CategorySpendingClassChanged':
        case 'CategoryDeleted':
        case 'BankAccountRenamed':
        case 'BankAccountClosed':
        // Reconciling flags transactions; no amount moves.
        case 'AccountReconciled':
        case 'AssignedSet':
        case 'MoneyMoved':
        case 'OverspendingCovered':
        case 'AutoAssigned':
        case 'AssignmentUndone':
        case 'TargetSet':
        case 'TargetRemoved':
        case 'FilterSaved':
        case 'FilterDeleted':
        case 'TemplateCreated':
        case 'TemplateEdited':
        case 'TemplateDeleted':
        case 'OccurrenceCompleted':
        case 'OccurrencesSkippedThrough':
        case 'DraftHorizonSet':
        case 'LoanCreated':
        case 'LoanActivityRecorded':
        case 'LoanClosed':
          return
        // The read models are written whole after an import (projection.ts#rewritesWhole).
        case 'BudgetImported':
          return
        default:
          return absurd(event)
      }
    },
    write: async (out, { budgetId, after: state }) => {
      const rows = []
      const gone: [string, string][] = []
      for (const key of keys) {
        const [accountId, period] = splitKey(key)
        // The key was built by touch() from a branded account id and period.
        const net = getIn(state.accountMonths, accountId as BankAccountId, period as PeriodKey)
        if (net === undefined) gone.push([accountId, period])
        else rows.push(accountMonthRow(budgetId, accountId, period, net))
      }
      if (rows.length > 0) {
        const values = JSON.stringify(rows.map((row) => [row.bank_account_id, row.period, row.net]))
        await out.change(
          sql`
      insert into account_months (budget_id, bank_account_id, period, net)
      select ${budgetId}, r->>0, r->>1, (r->>2)::bigint from jsonb_array_elements(${jsonbParameter(values)}::jsonb) as r
      on conflict (budget_id, bank_account_id, period) do update set net = excluded.net
    `,
          'account_months',
        )
      }
      await deletePairs(out, 'account_months', budgetId, ['bank_account_id', 'period'], gone)
    },
  }
}

/** `account_months`: each account's net per month, written again for each (account, month) an event touched. */
export const accountMonths: ReadModel = {
  table: 'account_months',
  pass,
  rows: (budgetId, state) => {
    const rows: AccountMonthInsert[] = []
    for (const [accountId] of state.accountMonths)
      for (const [period, net] of entriesIn(state.accountMonths, accountId))
        rows.push(accountMonthRow(budgetId, accountId, period, net))
    return rows
  },
}

import * as Schema from 'effect/Schema'
import type { BudgetConversion, ImportContext } from '../../../../domain/budgetImport/plan.ts'
import { BudgetCommand } from '../../../../schemas/budgetCommands.ts'
import { CategoryGroupId, CategoryId } from '../../../../schemas/ids.ts'
import { CurrencyCode } from '../../../../schemas/money.ts'
import { ledger } from '../fixtures.ts'

// The empty budget an Actual conversion goes into, for the converter's tests on rows and on zips.

const system = { group: 'system', uncategorized: 'uncategorized', income: 'ready-to-assign' } as const

/** What the converter is told of the budget `imported` makes, in `currency`; new ids numbered from 1. */
export const actualContext = (currency = 'PLN'): ImportContext => {
  let n = 0
  return {
    mint: () => `id-${++n}`,
    target: {
      uncategorizedGroupId: CategoryGroupId.make(system.group),
      uncategorizedCategoryId: CategoryId.make(system.uncategorized),
      incomeCategoryId: CategoryId.make(system.income),
      currency: CurrencyCode.make(currency),
    },
  }
}

const decodeCommand = Schema.decodeUnknownSync(BudgetCommand)

/** The budget the commands build, decoded through the command schema (the contract the route uses). */
export const imported = (result: Extract<BudgetConversion, { ok: true }>) => {
  const book = ledger()
  book.do('CreateBudget', {
    budgetId: 'budget-1',
    name: 'Nowy',
    currency: result.currency,
    uncategorizedGroupId: system.group,
    uncategorizedCategoryId: system.uncategorized,
    incomeCategoryId: system.income,
  })
  for (const [index, draft] of result.commands.entries())
    book.run(
      decodeCommand({ ...draft, commandId: `import-${index}`, at: '2025-03-01T10:00:00Z', userId: 'u' }),
    )
  return book.state
}

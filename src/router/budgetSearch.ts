/**
 * The desktop budget route shows the month (no `view`), the transaction list or the accounts in its main column;
 * `account` and `category` narrow the transaction list. Mobile has a route for each instead (SPEC §2).
 */
export type BudgetViewSearch = {
  readonly view?: 'transactions' | 'accounts'
  readonly account?: string
  readonly category?: string
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' && value.length <= 100 ? value : undefined

export const validateBudgetSearch = (search: Record<string, unknown>): BudgetViewSearch => {
  const view = search.view === 'transactions' || search.view === 'accounts' ? search.view : undefined
  const account = text(search.account)
  const category = text(search.category)
  return {
    ...(view === undefined ? {} : { view }),
    ...(account === undefined ? {} : { account }),
    ...(category === undefined ? {} : { category }),
  }
}

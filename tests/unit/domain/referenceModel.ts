import type { BudgetEvent } from '../../../schemas/budgetEvents.ts'

// An independent, deliberately naive implementation of the budget rules: it keeps raw transactions and
// assignments and walks every month from the first one, scanning all transactions. The property tests compare
// the domain's incremental aggregates against it.

interface RefTransaction {
  account: string
  period: string
  value: number
  splits: { categoryId: string; value: number }[]
}

export interface ReferenceModel {
  categories: Map<string, 'Income' | 'Expense' | 'Saving'>
  assigned: Map<string, number>
  transactions: Map<string, RefTransaction>
  openings: Map<string, { balance: number; period: string }>
}

const periodOf = (date: string) => date.slice(0, 4) + date.slice(5, 7)
const key = (categoryId: string, period: string) => `${categoryId}|${period}`
const add = (map: Map<string, number>, k: string, amount: number) => map.set(k, (map.get(k) ?? 0) + amount)

export const emptyReference = (): ReferenceModel => ({
  categories: new Map(),
  assigned: new Map(),
  transactions: new Map(),
  openings: new Map(),
})

export const applyReference = (model: ReferenceModel, event: BudgetEvent): void => {
  const putTx = (t: {
    id: string
    bankAccountId: string
    date: string
    value: number
    splits: readonly { categoryId: string; value: number }[]
  }) =>
    model.transactions.set(t.id, {
      account: t.bankAccountId,
      period: periodOf(t.date),
      value: t.value,
      splits: t.splits.map((s) => ({ ...s })),
    })
  switch (event._tag) {
    case 'BudgetCreated':
      model.categories.set(event.uncategorizedCategoryId, 'Expense')
      break
    case 'CategoryCreated':
      model.categories.set(event.categoryId, event.type)
      break
    case 'IncomeDestinationCreated':
      model.categories.set(event.categoryId, 'Income')
      break
    case 'CategoryDeleted': {
      const intoIncome = model.categories.get(event.movedToCategoryId) === 'Income'
      for (const [k, amount] of [...model.assigned]) {
        const [categoryId, period] = k.split('|') as [string, string]
        if (categoryId !== event.categoryId) continue
        model.assigned.delete(k)
        if (!intoIncome) add(model.assigned, key(event.movedToCategoryId, period), amount)
      }
      for (const t of model.transactions.values()) {
        for (const s of t.splits)
          if (s.categoryId === event.categoryId) s.categoryId = event.movedToCategoryId
      }
      model.categories.delete(event.categoryId)
      break
    }
    case 'BankAccountOpened':
      model.openings.set(event.bankAccountId, {
        balance: event.openingBalance,
        period: periodOf(event.openingDate),
      })
      break
    case 'BudgetReset':
      model.transactions.clear()
      model.assigned.clear()
      for (const { bankAccountId, balance } of event.openingBalances) {
        model.openings.set(bankAccountId, { balance, period: periodOf(event.date) })
      }
      break
    case 'TransactionAdded':
    case 'TransactionEdited':
      putTx(event.transaction)
      break
    case 'TransactionDeleted':
      model.transactions.delete(event.transactionId)
      break
    case 'TransferAdded':
    case 'TransferEdited':
      putTx(event.outflow)
      putTx(event.inflow)
      break
    case 'TransactionsImported':
      for (const transaction of event.transactions) putTx(transaction)
      break
    case 'TransferDeleted':
      model.transactions.delete(event.outflowTransactionId)
      model.transactions.delete(event.inflowTransactionId)
      break
    case 'AccountReconciled':
      break
    case 'AssignedSet':
      add(model.assigned, key(event.categoryId, event.periodKey), event.delta)
      break
    case 'MoneyMoved':
    case 'OverspendingCovered':
      if (event.fromCategoryId) add(model.assigned, key(event.fromCategoryId, event.periodKey), -event.amount)
      if (event.toCategoryId) add(model.assigned, key(event.toCategoryId, event.periodKey), event.amount)
      break
    case 'AutoAssigned':
    case 'AssignmentUndone':
      for (const change of event.changes)
        add(model.assigned, key(change.categoryId, change.periodKey), change.delta)
      break
    default:
      break
  }
}

const nextPeriod = (period: string) => {
  const year = Number(period.slice(0, 4))
  const month = Number(period.slice(4))
  return month === 12 ? `${year + 1}01` : `${year}${String(month + 1).padStart(2, '0')}`
}

/** Month view by brute force, from `first` (a month before any money) to `period`. */
export const referenceMonth = (model: ReferenceModel, first: string, period: string) => {
  const activity = (categoryId: string, p: string) => {
    let sum = 0
    for (const t of model.transactions.values()) {
      if (t.period !== p) continue
      for (const s of t.splits) if (s.categoryId === categoryId) sum += s.value
    }
    return sum
  }
  let income = 0
  for (const opening of model.openings.values()) if (opening.period <= period) income += opening.balance
  const categories = new Map<string, { assigned: number; activity: number; available: number }>()
  let assignedTotal = 0
  let assignedInFuture = 0
  let overspentBefore = 0
  let overspent = 0
  for (const [k, amount] of model.assigned) {
    const [, p] = k.split('|') as [string, string]
    assignedTotal += amount
    if (p > period) assignedInFuture += amount
  }
  for (const [categoryId, type] of model.categories) {
    if (type === 'Income') {
      for (let p = first; p <= period; p = nextPeriod(p)) income += activity(categoryId, p)
      categories.set(categoryId, { assigned: 0, activity: activity(categoryId, period), available: 0 })
      continue
    }
    let available = 0
    for (let p = first; p <= period; p = nextPeriod(p)) {
      if (available < 0) {
        overspentBefore -= available
        available = 0
      }
      available += (model.assigned.get(key(categoryId, p)) ?? 0) + activity(categoryId, p)
    }
    if (available < 0) overspent -= available
    categories.set(categoryId, {
      assigned: model.assigned.get(key(categoryId, period)) ?? 0,
      activity: activity(categoryId, period),
      available,
    })
  }
  return {
    readyToAssign: income - assignedTotal - overspentBefore,
    assignedInFuture,
    overspent,
    categories,
  }
}

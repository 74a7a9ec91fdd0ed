import * as Result from 'effect/Result'
import * as Schema from 'effect/Schema'
import { expect } from 'vitest'
import type { BudgetConversion, ImportContext } from '../../../domain/budgetImport/index.ts'
import { decide } from '../../../domain/decide.ts'
import { evolve } from '../../../domain/evolve.ts'
import { accountBalance, accountBalanceAt, monthView } from '../../../domain/monthView.ts'
import { type BudgetState, incomeDestinationOf, initialState } from '../../../domain/state.ts'
import type { BudgetCommand } from '../../../schemas/budgetCommands.ts'
import { BudgetCommand as BudgetCommandSchema } from '../../../schemas/budgetCommands.ts'
import type { CurrencyCode, PeriodKey } from '../../../schemas/money.ts'

/** Ids `<prefix>-1`, `<prefix>-2`, …: deterministic, so two runs of a converter compare equal. */
export const counterMint = (prefix = 'id') => {
  let next = 0
  return () => {
    next += 1
    return `${prefix}-${next}`
  }
}

const meta = (commandId: string) => ({
  commandId: commandId as BudgetCommand['commandId'],
  at: '2026-11-20T10:00:00Z' as BudgetCommand['at'],
  userId: 'importer' as BudgetCommand['userId'],
})

const run = (state: BudgetState, command: BudgetCommand): BudgetState => {
  const decision = decide(command, state)
  if (Result.isFailure(decision)) throw new Error(`refused: ${JSON.stringify(decision.failure)}`)
  return decision.success.reduce(evolve, state)
}

/** An empty budget as `POST /api/budget` makes it, in `currency`. */
export const emptyTarget = (currency = 'PLN') =>
  run(initialState, {
    _tag: 'CreateBudget',
    ...meta('create'),
    budgetId: 'target' as never,
    name: 'Import' as never,
    currency: currency as CurrencyCode,
    uncategorizedGroupId: 'target-system' as never,
    uncategorizedCategoryId: 'target-uncategorized' as never,
    incomeCategoryId: 'target-income' as never,
  })

/** The context a converter gets for the empty budget `state`. */
export const contextFor = (state: BudgetState, prefix = 'new'): ImportContext => {
  const budget = state.budget
  const income = incomeDestinationOf(state)
  const uncategorized = budget && state.categories.get(budget.uncategorizedCategoryId)
  if (!budget || !income || !uncategorized) throw new Error('not a budget')
  return {
    mint: counterMint(prefix),
    target: {
      uncategorizedGroupId: uncategorized.categoryGroupId,
      uncategorizedCategoryId: uncategorized.id,
      incomeCategoryId: income.id,
      currency: budget.currency,
    },
  }
}

const decodeCommand = Schema.decodeUnknownSync(BudgetCommandSchema)

/**
 * The budget a conversion rebuilds in `state`: the ImportBudget goes through the command schema first (so the
 * converter's commands are valid requests) and then through decide and evolve, as the server runs it.
 */
export const imported = (
  state: BudgetState,
  conversion: BudgetConversion,
  source = 'koperta',
): BudgetState => {
  if (!conversion.ok) throw new Error(`conversion failed: ${conversion.error}`)
  const command = decodeCommand(
    JSON.parse(
      JSON.stringify({ _tag: 'ImportBudget', ...meta('import'), source, commands: conversion.commands }),
    ),
  )
  return run(state, command)
}

/** The month view without ids (a rebuilt budget has new ones), each row named by its group. */
export const viewWithoutIds = (state: BudgetState, period: PeriodKey) => {
  const view = monthView(state, period)
  return {
    ...view,
    categories: view.categories.map(({ id: _id, categoryGroupId, ...row }) => ({
      ...row,
      group: state.groups.get(categoryGroupId)?.name,
    })),
  }
}

/** Every account's balances (now, and at the end of each period), in the budget's order, without ids. */
export const balancesWithoutIds = (state: BudgetState, periods: readonly PeriodKey[]) =>
  [...state.accounts.values()].map((account) => {
    const { bankAccountId: _id, ...now } = accountBalance(state, account.id)
    return {
      name: account.name,
      state: account.state,
      openingBalance: account.openingBalance,
      openingDate: account.openingDate,
      lastReconciledAt: account.lastReconciledAt,
      ...now,
      atEnd: periods.map((period) => accountBalanceAt(state, account.id, period)),
    }
  })

export const expectSameBudget = (a: BudgetState, b: BudgetState, periods: readonly PeriodKey[]) => {
  for (const period of periods) {
    const left = viewWithoutIds(a, period)
    const right = viewWithoutIds(b, period)
    if (JSON.stringify(left) !== JSON.stringify(right)) expect(right, `month ${period}`).toEqual(left)
  }
  expect(balancesWithoutIds(b, periods)).toEqual(balancesWithoutIds(a, periods))
}

// Issue 29 §4: the due drafts of 1 000 budgets with 10 000 templates in ≤ 2 s. Domain only: 1 000 budget states are
// built in memory (each a starter budget with ten templates of mixed frequencies, ages, ends and shifts, some with a
// cleared backlog), then `dueDrafts` runs over all of them. Printed beside a baseline measured in the same run (the
// month view of the same budgets), never asserted.
import { performance } from 'node:perf_hooks'
import * as Result from 'effect/Result'
import { decide } from '../../domain/decide.ts'
import { evolve } from '../../domain/evolve.ts'
import { monthView } from '../../domain/monthView.ts'
import { addDays } from '../../domain/recurrence.ts'
import type { BudgetState } from '../../domain/state.ts'
import { dueDrafts } from '../../domain/templates.ts'
import type { BudgetCommand } from '../../schemas/budgetCommands.ts'
import { IsoDate, PeriodKey } from '../../schemas/money.ts'
import type { RecurrenceFrequency } from '../../schemas/templates.ts'
import { command, starterBudget } from '../unit/domain/fixtures.ts'

const budgets = Number(process.env.BENCH_TEMPLATE_BUDGETS ?? 1_000)
const perBudget = 10
const today = IsoDate.make('2026-11-27')
const frequencies: readonly RecurrenceFrequency[] = [
  'Monthly',
  'Monthly',
  'Weekly',
  'Daily',
  'Quarterly',
  'Yearly',
  'Once',
]

const apply = (state: BudgetState, cmd: BudgetCommand): BudgetState => {
  const decision = decide(cmd, state)
  if (Result.isFailure(decision)) throw new Error(`refused: ${JSON.stringify(decision.failure)}`)
  return decision.success.reduce(evolve, state)
}

/** A starter budget with a year of transactions, shared by every budget (states are persistent). */
const base = (() => {
  const book = starterBudget()
  for (let day = 0; day < 365; day += 3)
    book.do('AddTransaction', {
      transactionId: `t${day}`,
      bankAccountId: 'checking',
      date: addDays(IsoDate.make('2025-11-27'), day),
      payee: 'Sklep',
      value: -(1_000 + day),
      splits: [{ categoryId: 'food', value: -(1_000 + day) }],
    })
  return book.state
})()

/** Budget `b`: ten templates, deterministic from b (ages up to two years, every kind of end, a third skipped through). */
const budgetWithTemplates = (b: number): BudgetState => {
  let state = base
  for (let t = 0; t < perBudget; t++) {
    const n = b * perBudget + t
    const frequency = frequencies[n % frequencies.length] ?? 'Monthly'
    const age = (n * 37) % 730
    const startDate = addDays(today, -age)
    state = apply(
      state,
      command('CreateTemplate', {
        templateId: `tpl-${b}-${t}`,
        bankAccountId: 'checking',
        payee: `Rachunek ${t}`,
        value: -(5_000 + n),
        splits: [{ categoryId: 'rent', value: -(5_000 + n) }],
        frequency,
        interval: 1 + (n % 3),
        startDate,
        ...(n % 5 === 0 ? { endDate: addDays(startDate, 400) } : {}),
        ...(n % 7 === 0 ? { occurrences: 12 } : {}),
        shift: n % 2 === 0 ? 'After' : 'None',
      }),
    )
    if (n % 3 === 0 && age > 30)
      state = apply(
        state,
        command('SkipOccurrencesThrough', { templateId: `tpl-${b}-${t}`, date: addDays(today, -14) }),
      )
  }
  return state
}

const timed = <T>(work: () => T): { ms: number; value: T } => {
  const started = performance.now()
  const value = work()
  return { ms: performance.now() - started, value }
}

export const run = async (): Promise<void> => {
  const built = timed(() => Array.from({ length: budgets }, (_, b) => budgetWithTemplates(b)))
  const states = built.value
  const templates = states.reduce((sum, state) => sum + state.templates.size, 0)
  console.log(`built ${budgets} budgets with ${templates} templates in ${(built.ms / 1000).toFixed(1)} s`)
  const period = PeriodKey.make('202611')
  for (let round = 1; round <= 3; round++) {
    const drafts = timed(() => states.reduce((sum, state) => sum + dueDrafts(state, today).length, 0))
    // The baseline: the month view of each of the same budgets (domain only, no memo).
    const months = timed(() =>
      states.reduce((sum, state) => sum + monthView(state, period).categories.length, 0),
    )
    console.log(
      `round ${round}: dueDrafts of ${budgets} budgets (${templates} templates, ${drafts.value} drafts) ${drafts.ms.toFixed(0)} ms` +
        ` — baseline: their month views ${months.ms.toFixed(0)} ms (target ≤ 2 000 ms)`,
    )
  }
}

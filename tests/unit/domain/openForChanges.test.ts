import * as Result from 'effect/Result'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { decide } from '../../../domain/decide.ts'
import { evolve } from '../../../domain/evolve.ts'
import { monthView } from '../../../domain/monthView.ts'
import { type BudgetState, closeForChanges, openForChanges } from '../../../domain/state.ts'
import type { BudgetCommand } from '../../../schemas/budgetCommands.ts'
import type { PeriodKey } from '../../../schemas/money.ts'
import { type Action, propertyBudget, sequences, snapshot, toCommand } from './sequences.ts'

const periods = ['202412', '202501', '202502', '202503', '202506'] as PeriodKey[]
const views = (state: BudgetState) => periods.map((period) => monthView(state, period))

/** The commands of a sequence, made once: each made command takes a fresh command id. */
const commandsOf = (actions: readonly Action[]) => {
  const transactionIds: string[] = []
  return actions.map((action, index) => {
    const created: string[] = []
    const command = toCommand(action, index, transactionIds, created)
    transactionIds.push(...created)
    return command
  })
}

/** Decides and folds every command, as the server's write loop does; refusals are skipped. */
const write = (start: BudgetState, commands: readonly BudgetCommand[], open: boolean) => {
  let state = open ? openForChanges(start) : start
  commands.forEach((command, index) => {
    const decision = decide(command, state)
    if (Result.isFailure(decision)) return
    for (const event of decision.success) {
      state =
        open && event._tag === 'CategoryDeleted'
          ? openForChanges(evolve(closeForChanges(state), event))
          : evolve(state, event)
    }
    // Month views read (and remember) per-category ledgers: taken mid-write too, where maps are still open.
    if (open && index % 3 === 0) views(state)
  })
  return open ? closeForChanges(state) : state
}

describe('a state open for changes in place (one write of many events)', () => {
  it('ends in the state persistent evolve reaches, and leaves the state it started from as it was (1 000 random sequences)', () => {
    fc.assert(
      fc.property(sequences, (actions) => {
        const start = propertyBudget().state
        views(start)
        const before = JSON.stringify(snapshot(start))
        const commands = commandsOf(actions)
        const persistent = write(start, commands, false)
        const inPlace = write(start, commands, true)
        expect(JSON.stringify(snapshot(start))).toBe(before)
        expect(snapshot(inPlace)).toEqual(snapshot(persistent))
        expect(views(inPlace)).toEqual(views(persistent))
        // Closed maps are immutable again: a later persistent change leaves the written state as it was.
        const written = JSON.stringify(snapshot(inPlace))
        write(inPlace, commands, false)
        expect(JSON.stringify(snapshot(inPlace))).toBe(written)
      }),
      { numRuns: 1_000 },
    )
  })
})

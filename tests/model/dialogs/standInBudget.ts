import { createActor, createMachine } from 'xstate'
import type { BudgetCommandRequest } from '../../../machines/openBudget/index.ts'

// Free of vitest: the model tests and the Playwright dialog paths share it.

/** The open budget as a dialog meets it: it keeps each request (`budget.command`) for the test to answer. */
export const startStandInBudget = () => {
  const requests: BudgetCommandRequest[] = []
  const budget = createActor(
    createMachine({
      // Only budget.command reaches this stand-in (the key says so).
      on: { 'budget.command': { actions: ({ event }) => requests.push(event as BudgetCommandRequest) } },
    }),
  ).start()
  return { budget, requests }
}

/** The budget's answers to a request; a dialog waits for one while it is submitting. */
export const isReply = (type: string) => type === 'budget.commandApplied' || type === 'budget.commandRefused'

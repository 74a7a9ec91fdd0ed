import * as Result from 'effect/Result'
import * as Schema from 'effect/Schema'
import { decide } from '../../../domain/decide.ts'
import { evolve, replay } from '../../../domain/evolve.ts'
import { type BudgetState, initialState } from '../../../domain/state.ts'
import { BudgetCommand, type BudgetCommandOf } from '../../../schemas/budgetCommands.ts'
import type { BudgetError } from '../../../schemas/budgetErrors.ts'
import type { BudgetEvent } from '../../../schemas/budgetEvents.ts'
import { BudgetEvent as BudgetEventSchema } from '../../../schemas/budgetEvents.ts'
import { CategoryId, TransactionId } from '../../../schemas/ids.ts'
import { PeriodKey } from '../../../schemas/money.ts'

type Encoded = typeof BudgetCommand.Encoded
type Meta = 'commandId' | 'at' | 'userId'
export type CommandInput<T extends Encoded['_tag']> = Omit<Extract<Encoded, { _tag: T }>, '_tag' | Meta> &
  Partial<Pick<Extract<Encoded, { _tag: T }>, Meta>>

let counter = 0
const decodeCommand = Schema.decodeUnknownSync(BudgetCommand)
const decodeEvent = Schema.decodeUnknownSync(BudgetEventSchema)

/** A command decoded through its schema, with who/when/id filled in; so every test also exercises the contract. */
export const command = <T extends Encoded['_tag']>(tag: T, fields: CommandInput<T>): BudgetCommandOf<T> => {
  counter += 1
  const decoded = decodeCommand({
    _tag: tag,
    commandId: `cmd-${counter}`,
    at: '2025-01-15T10:00:00Z',
    userId: 'user-1',
    ...fields,
  })
  const isOfTag = (decoded: BudgetCommand): decoded is BudgetCommandOf<T> => decoded._tag === tag
  if (!isOfTag(decoded)) throw new Error(`${tag} decoded as ${decoded._tag}`)
  return decoded
}

export const event = (input: unknown): BudgetEvent => decodeEvent(input)

export const period = (key: string) => PeriodKey.make(key)
export const categoryId = (id: string) => CategoryId.make(id)
export const transactionId = (id: string) => TransactionId.make(id)

/** given(events) — the state those events build. */
export const given = (events: readonly BudgetEvent[]): BudgetState => replay(events)

/** Runs the command; returns its events or throws with the refusal. */
export const eventsOf = (state: BudgetState, cmd: BudgetCommand): readonly BudgetEvent[] => {
  const decision = decide(cmd, state)
  if (Result.isFailure(decision)) throw new Error(`refused: ${JSON.stringify(decision.failure)}`)
  return decision.success
}

export const refusalOf = (state: BudgetState, cmd: BudgetCommand): BudgetError => {
  const decision = decide(cmd, state)
  if (Result.isSuccess(decision)) throw new Error(`accepted: ${JSON.stringify(decision.success)}`)
  return decision.failure
}

/** A small command runner: applies each command's events, remembering every event. */
export const ledger = (state: BudgetState = initialState) => {
  const log: BudgetEvent[] = []
  const commands: BudgetCommand[] = []
  let current = state
  const run = (cmd: BudgetCommand) => {
    const events = eventsOf(current, cmd)
    for (const e of events) current = evolve(current, e)
    log.push(...events)
    commands.push(cmd)
    return events
  }
  return {
    run,
    do: <T extends Encoded['_tag']>(tag: T, fields: CommandInput<T>) => run(command(tag, fields)),
    get state() {
      return current
    },
    events: log,
    /** The commands run, in order. */
    commands,
  }
}

/** A budget in PLN with the Uncategorized pair, an income category and two expense categories. */
export const starterBudget = () => {
  const book = ledger()
  book.do('CreateBudget', {
    budgetId: 'budget-1',
    name: 'Dom',
    currency: 'PLN',
    uncategorizedGroupId: 'group-system',
    uncategorizedCategoryId: 'uncategorized',
    incomeCategoryId: 'ready-to-assign',
  })
  book.do('CreateCategoryGroup', { categoryGroupId: 'group-income', name: 'Przychody' })
  book.do('CreateCategory', {
    categoryId: 'salary',
    categoryGroupId: 'group-income',
    name: 'Pensja',
    type: 'Income',
  })
  book.do('CreateCategoryGroup', { categoryGroupId: 'group-bills', name: 'Rachunki' })
  book.do('CreateCategory', {
    categoryId: 'rent',
    categoryGroupId: 'group-bills',
    name: 'Czynsz',
    type: 'Expense',
    spendingClass: 'Housing',
  })
  book.do('CreateCategory', {
    categoryId: 'food',
    categoryGroupId: 'group-bills',
    name: 'Jedzenie',
    type: 'Expense',
    spendingClass: 'Food',
  })
  book.do('CreateCategory', {
    categoryId: 'holiday',
    categoryGroupId: 'group-bills',
    name: 'Wakacje',
    type: 'Saving',
  })
  book.do('OpenBankAccount', {
    bankAccountId: 'checking',
    name: 'ROR',
    type: 'unconnected',
    balance: 0,
    date: '2025-01-01',
  })
  return book
}

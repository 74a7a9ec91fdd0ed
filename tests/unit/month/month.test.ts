import * as Result from 'effect/Result'
import { describe, expect, it } from 'vitest'
import { initialState } from '../../../domain/state.ts'
import { applyAll, type CommandDraft, stamp } from '../../../machines/openBudget/index.ts'
import { selectMoneyCategories } from '../../../machines/openBudget/selectors/category.ts'
import {
  selectHasNoMoneyYet,
  selectMonthModel,
  selectOverspending,
  statusOf,
} from '../../../machines/openBudget/selectors/month.ts'
import {
  categoryReorder,
  groupReorder,
  moveWithin,
  selectionInGroup,
} from '../../../machines/openBudget/selectors/reorder.ts'
import {
  selectMayHaveUncategorizedInflows,
  selectUncategorizedInflows,
} from '../../../machines/openBudget/selectors/transactions.ts'
import { CategoryGroupId, CategoryId, CommandId, TargetId, TransactionId } from '../../../schemas/ids.ts'
import { Instant, IsoDate, PeriodKey } from '../../../schemas/money.ts'
import { ids, ME, NOVEMBER, pln, SEED } from '../machines/budget.fakes.ts'

let counter = 0
const stateAfter = (drafts: ReadonlyArray<CommandDraft>) => {
  const commands = drafts.map((draft) => {
    counter += 1
    return stamp(draft, {
      commandId: CommandId.make(`cmd-${counter}`),
      at: Instant.make('2026-11-20T09:00:00.000Z'),
      userId: ME,
    })
  })
  const result = applyAll(initialState, commands)
  if (Result.isFailure(result)) throw new Error(JSON.stringify(result.failure))
  return result.success
}

// The selectors read `snapshot.context.state` (and the port, as an identity) only; a plain object stands in for the actor's snapshot.
type Snapshot = Parameters<typeof selectMonthModel>[0]
/** One open budget's port: rows are shared between its states. */
const PORT = {}
const snapshotOf = (drafts: ReadonlyArray<CommandDraft>): Snapshot =>
  // A stand-in with just the fields the selectors read (the port owns the rows shared between states).
  ({ context: { state: stateAfter(drafts), port: PORT } }) as unknown as Snapshot

const assign = (categoryId: CategoryId, value: number): CommandDraft => ({
  _tag: 'SetAssigned',
  periodKey: NOVEMBER,
  categoryId,
  value: pln(value),
})

describe('the month model', () => {
  it('lists the groups with their categories, totals and Ready to Assign', () => {
    const model = selectMonthModel(snapshotOf([...SEED, assign(ids.rent, 123_450)]), NOVEMBER, false)
    expect(model.readyToAssign).toBe(500_000 - 123_450)
    expect(model.hasCategories).toBe(true)
    // 'Uncategorized' stays out while it holds nothing.
    expect(model.groups.map((group) => group.id)).toEqual([ids.everyday])
    const [everyday] = model.groups
    expect(everyday?.rows.map((row) => row.name)).toEqual(['Groceries', 'Rent', 'Salary'])
    expect(everyday?.assigned).toBe(123_450)
    expect(everyday?.available).toBe(123_450)
    const rent = everyday?.rows.find((row) => row.id === ids.rent)
    expect(rent).toMatchObject({ assigned: 123_450, available: 123_450, status: 'funded' })
  })

  it('gives each available amount a status word: overspent, zero, funded, underfunded', () => {
    expect(statusOf({ available: pln(-1) })).toBe('overspent')
    expect(statusOf({ available: pln(0) })).toBe('zero')
    expect(statusOf({ available: pln(5) })).toBe('funded')
    const target = {
      type: 'NeededForSpendingMonthly' as const,
      neededThisMonth: pln(10),
      underfunded: pln(5),
      explanation: { key: 'x', params: {} },
    }
    expect(statusOf({ available: pln(5), target })).toBe('underfunded')
    expect(statusOf({ available: pln(-5), target })).toBe('overspent')
  })

  it('marks an underfunded target from the domain', () => {
    const model = selectMonthModel(
      snapshotOf([
        ...SEED,
        {
          _tag: 'SetTarget',
          targetId: TargetId.make('t-1'),
          categoryId: ids.groceries,
          type: 'NeededForSpendingMonthly',
          amount: pln(80_000),
        },
        assign(ids.groceries, 30_000),
      ]),
      NOVEMBER,
      false,
    )
    const groceries = model.groups[0]?.rows.find((row) => row.id === ids.groceries)
    expect(groceries?.status).toBe('underfunded')
    expect(groceries?.underfunded).toBe(50_000)
  })

  it('leaves hidden categories and groups out unless asked, and counts them', () => {
    const drafts: CommandDraft[] = [
      ...SEED,
      { _tag: 'SetCategoryHidden', categoryId: ids.rent, hidden: true },
    ]
    const hidden = selectMonthModel(snapshotOf(drafts), NOVEMBER, false)
    expect(hidden.groups[0]?.rows.map((row) => row.id)).not.toContain(ids.rent)
    expect(hidden.hiddenCount).toBe(1)
    const shown = selectMonthModel(snapshotOf(drafts), NOVEMBER, true)
    expect(shown.groups[0]?.rows.find((row) => row.id === ids.rent)?.hidden).toBe(true)
    expect(shown.hiddenCount).toBe(0)
  })

  it('is memoised per state, and an assignment keeps the other rows and groups identical', () => {
    const group2 = CategoryGroupId.make('group-two')
    const base: CommandDraft[] = [
      ...SEED,
      { _tag: 'CreateCategoryGroup', categoryGroupId: group2, name: 'Two' },
      {
        _tag: 'CreateCategory',
        categoryId: CategoryId.make('cat-fun'),
        categoryGroupId: group2,
        name: 'Fun',
        type: 'Expense',
      },
    ]
    const before = snapshotOf(base)
    const first = selectMonthModel(before, NOVEMBER, false)
    expect(selectMonthModel(before, NOVEMBER, false)).toBe(first)
    const after = selectMonthModel(snapshotOf([...base, assign(ids.rent, 1_000)]), NOVEMBER, false)
    expect(after).not.toBe(first)
    const [everydayBefore, twoBefore] = first.groups
    const [everydayAfter, twoAfter] = after.groups
    expect(twoAfter).toBe(twoBefore)
    expect(everydayAfter).not.toBe(everydayBefore)
    const groceriesBefore = everydayBefore?.rows.find((row) => row.id === ids.groceries)
    expect(everydayAfter?.rows.find((row) => row.id === ids.groceries)).toBe(groceriesBefore)
  })

  it('sums the month’s overspending for the banner, and in how many categories', () => {
    const spend: CommandDraft = {
      _tag: 'AddTransaction',
      transactionId: TransactionId.make('tx-spend'),
      bankAccountId: ids.checking,
      date: IsoDate.make('2026-11-12'),
      payee: 'Sklep',
      value: pln(-15_000),
      splits: [{ categoryId: ids.groceries, value: pln(-15_000) }],
    }
    expect(selectOverspending(snapshotOf([...SEED, assign(ids.groceries, 10_000)]), NOVEMBER)).toEqual({
      amount: 0,
      categories: 0,
    })
    expect(selectOverspending(snapshotOf([...SEED, assign(ids.groceries, 10_000), spend]), NOVEMBER)).toEqual(
      {
        amount: 5_000,
        categories: 1,
      },
    )
  })

  it('tells a budget with no money yet from one whose every złoty has a job', () => {
    expect(selectHasNoMoneyYet(snapshotOf(SEED.slice(0, 1)))).toBe(true)
    // The seed's account opens with 5 000,00 zł.
    expect(selectHasNoMoneyYet(snapshotOf(SEED))).toBe(false)
  })

  it('says whether the user made any category yet', () => {
    const empty = selectMonthModel(snapshotOf(SEED.slice(0, 1)), PeriodKey.make('202611'), false)
    expect(empty.hasCategories).toBe(false)
    expect(empty.groups).toEqual([])
  })
})

describe('moving among the rows shown', () => {
  it('swaps with the shown neighbour, hidden items keeping their places', () => {
    expect(moveWithin(['a', 'h', 'b', 'c'], ['a', 'b', 'c'], 'b', 'up')).toEqual(['b', 'h', 'a', 'c'])
    expect(moveWithin(['a', 'b', 'c'], ['a', 'b', 'c'], 'b', 'down')).toEqual(['a', 'c', 'b'])
  })

  it('refuses past either end', () => {
    expect(moveWithin(['a', 'b'], ['a', 'b'], 'a', 'up')).toBeNull()
    expect(moveWithin(['a', 'b'], ['a', 'b'], 'b', 'down')).toBeNull()
    expect(moveWithin(['a', 'b'], ['a'], 'b', 'up')).toBeNull()
  })

  it('reorders a category within its group, and says which group', () => {
    const model = selectMonthModel(snapshotOf(SEED), NOVEMBER, false)
    const [everyday] = model.groups
    const [first, second] = everyday?.categoryIds ?? []
    if (first === undefined || second === undefined || everyday === undefined) throw new Error('seed changed')
    expect(categoryReorder(model, second, 'up')).toEqual({
      groupId: everyday.id,
      categoryIds: [second, first, ...everyday.categoryIds.slice(2)],
    })
    expect(categoryReorder(model, first, 'up')).toBeNull()
    expect(categoryReorder(model, CategoryId.make('nowhere'), 'down')).toBeNull()
  })

  it('leaves the system group out of a group reorder', () => {
    const model = selectMonthModel(snapshotOf(SEED), NOVEMBER, false)
    expect(groupReorder(model, ids.everyday, 'up')).toBeNull()
    expect(groupReorder(model, ids.everyday, 'down')).toBeNull()
  })

  it('hands the selection only to the group holding it', () => {
    const model = selectMonthModel(snapshotOf(SEED), NOVEMBER, false)
    const [everyday] = model.groups
    if (everyday === undefined) throw new Error('seed changed')
    expect(selectionInGroup(everyday, ids.rent)).toBe(ids.rent)
    expect(selectionInGroup(everyday, CategoryId.make('elsewhere'))).toBeNull()
    expect(selectionInGroup(everyday, null)).toBeNull()
  })
})

describe('an assignment with a long history', () => {
  it('recomputes the month model from per-month totals, not from the transactions', () => {
    const categories = Array.from({ length: 40 }, (_, index) => CategoryId.make(`cat-${index}`))
    const drafts: CommandDraft[] = [
      ...SEED,
      ...categories.map(
        (categoryId, index): CommandDraft => ({
          _tag: 'CreateCategory',
          categoryId,
          categoryGroupId: ids.everyday,
          name: `Category ${index}`,
          type: 'Expense',
        }),
      ),
    ]
    const TRANSACTIONS = 20_000
    for (let index = 0; index < TRANSACTIONS; index++) {
      const month = String((index % 11) + 1).padStart(2, '0')
      drafts.push({
        _tag: 'AddTransaction',
        transactionId: TransactionId.make(`tx-${index}`),
        bankAccountId: ids.checking,
        date: IsoDate.make(`2026-${month}-15`),
        payee: 'Sklep',
        value: pln(-100),
        splits: [{ categoryId: categories[index % categories.length] ?? ids.rent, value: pln(-100) }],
      })
    }
    let state = stateAfter(drafts)
    const snapshot = (): Snapshot => ({ context: { state, port: PORT } }) as unknown as Snapshot
    const before = selectMonthModel(snapshot(), NOVEMBER, false).readyToAssign
    const started = performance.now()
    const ROUNDS = 20
    for (let round = 1; round <= ROUNDS; round++) {
      const next = applyAll(state, [
        stamp(assign(ids.rent, round * 100), {
          commandId: CommandId.make(`assign-${round}`),
          at: Instant.make('2026-11-20T09:00:00.000Z'),
          userId: ME,
        }),
      ])
      if (Result.isFailure(next)) throw new Error('refused')
      state = next.success
      expect(selectMonthModel(snapshot(), NOVEMBER, false).readyToAssign).toBe(before - round * 100)
    }
    // One frame is 16 ms; the shared test machine gets headroom.
    expect((performance.now() - started) / ROUNDS).toBeLessThan(16)
  })
})

describe('the categories money moves between', () => {
  it('mark the built-in Uncategorized, whose stored name the view translates', () => {
    const categories = selectMoneyCategories(snapshotOf(SEED), NOVEMBER)
    const system = categories.filter((category) => category.system)
    expect(system).toHaveLength(1)
    expect(system[0]?.id).not.toBe(ids.rent)
    expect(categories.find((category) => category.id === ids.rent)?.system).toBe(false)
  })
})

describe("inflows left in 'Bez kategorii'", () => {
  const add = (id: string, value: number, categoryId: CategoryId | null): CommandDraft => ({
    _tag: 'AddTransaction',
    transactionId: TransactionId.make(id),
    bankAccountId: ids.checking,
    date: IsoDate.make('2026-11-10'),
    payee: 'Pracodawca',
    value: pln(value),
    splits: categoryId === null ? [] : [{ categoryId, value: pln(value) }],
  })
  const opened = (drafts: ReadonlyArray<CommandDraft>, complete: boolean) =>
    ({
      context: { state: stateAfter(drafts), port: PORT, complete },
      matches: () => false,
    }) as unknown as Snapshot
  const loaded = (drafts: ReadonlyArray<CommandDraft>) => opened(drafts, true)

  it('are suspected from the summary, found once the transactions are in, and moved whole', () => {
    const drafts = [
      ...SEED,
      add('salary-left', 650_000, null),
      add('refund', 2_000, ids.uncategorized),
      add('shopping', -10_000, null),
      add('bonus', 100_000, ids.salary),
    ]
    const snapshot = loaded(drafts)
    expect(selectMayHaveUncategorizedInflows(snapshot)).toBe(true)
    const inflows = selectUncategorizedInflows(snapshot)
    expect(inflows?.count).toBe(2)
    expect(inflows?.total).toBe(652_000)
    const moved = loaded([...drafts, ...(inflows?.commands ?? [])])
    expect(selectUncategorizedInflows(moved)?.count).toBe(0)
    expect(selectMayHaveUncategorizedInflows(moved)).toBe(false)
  })

  it('are not looked for while the transactions are still loading', () => {
    const snapshot = opened([...SEED, add('salary-left', 650_000, null)], false)
    expect(selectMayHaveUncategorizedInflows(snapshot)).toBe(true)
    expect(selectUncategorizedInflows(snapshot)).toBeNull()
  })
})

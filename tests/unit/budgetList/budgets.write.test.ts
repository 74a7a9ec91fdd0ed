import { describe, expect, it } from 'vitest'
import { applyWrite, type BudgetSummary, planWrite } from '../../../machines/budgetList/index.ts'
import { BudgetId, CategoryGroupId, CategoryId } from '../../../schemas/ids.ts'
import { CurrencyCode, IsoDate } from '../../../schemas/money.ts'

const PLN = CurrencyCode.make('PLN')
const EUR = CurrencyCode.make('EUR')
const HOME = BudgetId.make('home')
const BUDGETS: ReadonlyArray<BudgetSummary> = [
  { id: HOME, name: 'Dom', currency: PLN, role: 'Owner', access: 'Edit' },
]
const create = {
  _tag: 'CreateBudget',
  budgetId: BudgetId.make('key'),
  name: 'Wakacje',
  currency: EUR,
  uncategorizedGroupId: CategoryGroupId.make('g'),
  uncategorizedCategoryId: CategoryId.make('c'),
  incomeCategoryId: CategoryId.make('i'),
} as const

describe('planWrite', () => {
  it('creates with the draft id as the idempotency key, needing no target', () => {
    expect(planWrite([create], null, [])).toEqual({
      ok: true,
      write: { kind: 'create', key: 'key', name: 'Wakacje', currency: EUR },
    })
  })

  it('puts a rename and a currency change in one update of the target', () => {
    expect(
      planWrite(
        [
          { _tag: 'RenameBudget', name: 'Dom i ogród' },
          { _tag: 'ChangeCurrency', currency: EUR },
        ],
        HOME,
        BUDGETS,
      ),
    ).toEqual({ ok: true, write: { kind: 'update', budgetId: HOME, name: 'Dom i ogród', currency: EUR } })
    expect(planWrite([{ _tag: 'ChangeCurrency', currency: EUR }], HOME, BUDGETS)).toEqual({
      ok: true,
      write: { kind: 'update', budgetId: HOME, currency: EUR },
    })
  })

  it('deletes and resets the target', () => {
    expect(planWrite([{ _tag: 'DeleteBudget' }], HOME, BUDGETS)).toEqual({
      ok: true,
      write: { kind: 'delete', budgetId: HOME },
    })
    const date = IsoDate.make('2026-11-22')
    expect(planWrite([{ _tag: 'ResetBudget', date }], HOME, BUDGETS)).toEqual({
      ok: true,
      write: { kind: 'reset', budgetId: HOME, date },
    })
  })

  it('refuses a budget that is not (or no longer) the caller’s as budget-not-found', () => {
    const refused = {
      ok: false,
      refusal: { kind: 'domain', error: { _tag: 'BudgetNotFound', code: 'budget-not-found' } },
    }
    expect(planWrite([{ _tag: 'DeleteBudget' }], null, BUDGETS)).toEqual(refused)
    expect(planWrite([{ _tag: 'DeleteBudget' }], BudgetId.make('other'), BUDGETS)).toEqual(refused)
  })

  it('refuses what the list does not write', () => {
    const refused = { ok: false, refusal: { kind: 'notReady' } }
    expect(planWrite([], HOME, BUDGETS)).toEqual(refused)
    expect(planWrite([create, create], HOME, BUDGETS)).toEqual(refused)
    expect(planWrite([{ _tag: 'DeleteBudget' }, { _tag: 'DeleteBudget' }], HOME, BUDGETS)).toEqual(refused)
    expect(planWrite([{ _tag: 'UndoAssignment' } as never], HOME, BUDGETS)).toEqual(refused)
  })
})

describe('applyWrite', () => {
  it('adds a created budget once, as its owner', () => {
    const write = { kind: 'create', key: 'key', name: 'Wakacje', currency: EUR } as const
    const answer = { id: BudgetId.make('new'), name: 'Wakacje', currency: EUR }
    const once = applyWrite(BUDGETS, write, answer)
    expect(once.map((budget) => [budget.id, budget.role])).toEqual([
      [HOME, 'Owner'],
      ['new', 'Owner'],
    ])
    expect(applyWrite(once, write, answer)).toEqual(once)
  })

  it('renames in place and drops a deleted budget', () => {
    expect(
      applyWrite(
        BUDGETS,
        { kind: 'update', budgetId: HOME, name: 'X' },
        { id: HOME, name: 'X', currency: EUR },
      ),
    ).toEqual([{ id: HOME, name: 'X', currency: EUR, role: 'Owner', access: 'Edit' }])
    expect(applyWrite(BUDGETS, { kind: 'delete', budgetId: HOME }, null)).toEqual([])
  })
})

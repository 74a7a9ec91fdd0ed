import * as Result from 'effect/Result'
import { describe, expect, it } from 'vitest'
import { initialState } from '../../../domain/state.ts'
import { applyAll, type CommandDraft, stamp } from '../../../machines/openBudget/index.ts'
import {
  selectAccountDrafts,
  selectCategoryOccurrences,
  selectDueBeforeIncome,
  selectTemplateRows,
} from '../../../machines/openBudget/selectors/templates.ts'
import { CommandId, TemplateId } from '../../../schemas/ids.ts'
import { Instant, IsoDate } from '../../../schemas/money.ts'
import { ids, ME, NOVEMBER, pln, SEED } from '../machines/budget.fakes.ts'

// Issue 29: what the register, the inspector, the month and the list of templates show of the occurrences.

let counter = 0
const applied = (drafts: ReadonlyArray<CommandDraft>) => {
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

type Snapshot = Parameters<typeof selectDueBeforeIncome>[0]
// The selectors read `snapshot.context.state` only; a plain object stands in for the actor's snapshot.
const snapshotOf = (state: typeof initialState) => ({ context: { state } }) as unknown as Snapshot

const TODAY = IsoDate.make('2026-11-20')
const rent = TemplateId.make('tpl-rent')
const salary = TemplateId.make('tpl-salary')
const phone = TemplateId.make('tpl-phone')

const state = applied([
  ...SEED,
  {
    _tag: 'CreateTemplate',
    templateId: rent,
    bankAccountId: ids.checking,
    payee: 'Czynsz',
    value: pln(-250_000),
    splits: [{ categoryId: ids.rent, value: pln(-250_000) }],
    frequency: 'Monthly',
    startDate: IsoDate.make('2026-11-18'),
  },
  {
    _tag: 'CreateTemplate',
    templateId: phone,
    bankAccountId: ids.checking,
    payee: 'Telefon',
    value: pln(-5_000),
    splits: [{ categoryId: ids.groceries, value: pln(-5_000) }],
    frequency: 'Monthly',
    startDate: IsoDate.make('2026-11-26'),
  },
  {
    _tag: 'CreateTemplate',
    templateId: salary,
    bankAccountId: ids.checking,
    payee: 'Pracodawca',
    value: pln(800_000),
    splits: [{ categoryId: ids.readyToAssign, value: pln(800_000) }],
    frequency: 'Monthly',
    startDate: IsoDate.make('2026-11-28'),
  },
])

describe('template selectors', () => {
  it('lists an account’s due drafts (up to today + 7 days), overdue first', () => {
    const drafts = selectAccountDrafts(snapshotOf(state), TODAY, ids.checking)
    expect(drafts.map((item) => [item.template.payee, item.date])).toEqual([
      ['Czynsz', '2026-11-18'],
      ['Telefon', '2026-11-26'],
    ])
    expect(selectAccountDrafts(snapshotOf(state), TODAY, ids.savings)).toEqual([])
  })

  it('says what is due before the next income: the bills dated before it', () => {
    expect(selectDueBeforeIncome(snapshotOf(state), TODAY)).toMatchObject({
      incomeDate: '2026-11-28',
      until: '2026-11-27',
      total: 255_000,
    })
    const withoutIncome = applied([...SEED])
    expect(selectDueBeforeIncome(snapshotOf(withoutIncome), TODAY)).toMatchObject({
      incomeDate: null,
      until: '2026-11-30',
      total: 0,
    })
  })

  it('lists a category’s drafts and the month’s occurrences under Nadchodzące', () => {
    const items = selectCategoryOccurrences(snapshotOf(state), ids.rent, NOVEMBER, TODAY)
    expect(items.map((item) => [item.template.payee, item.date, item.status])).toEqual([
      ['Czynsz', '2026-11-18', 'Draft'],
    ])
  })

  it('lists every template by payee with its next date and overdue drafts', () => {
    expect(
      selectTemplateRows(snapshotOf(state), TODAY).map((row) => [row.template.payee, row.next, row.overdue]),
    ).toEqual([
      ['Czynsz', '2026-12-18', 1],
      ['Pracodawca', '2026-11-28', 0],
      ['Telefon', '2026-11-26', 0],
    ])
  })
})

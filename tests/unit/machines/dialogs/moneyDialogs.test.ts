import { describe, expect, it } from 'vitest'
import { createActor, waitFor } from 'xstate'
import {
  type AssignMoneyFields,
  assignMoneyMachine,
  checkAssign,
  initialAssignFields,
} from '../../../../machines/dialogs/assignMoney/index.ts'
import {
  autoAssignMachine,
  buildAutoAssign,
  checkAutoAssign,
} from '../../../../machines/dialogs/autoAssign/index.ts'
import {
  buildCover,
  checkCover,
  coverOverspendingMachine,
} from '../../../../machines/dialogs/coverOverspending/index.ts'
import {
  buildMoveMoney,
  checkMoveMoney,
  moveMoneyMachine,
  READY_TO_ASSIGN,
} from '../../../../machines/dialogs/moveMoney/index.ts'
import {
  fieldChange,
  selectCanSubmit,
  selectFieldError,
  selectIsClosed,
  selectRefusalKey,
  selectWasApplied,
} from '../../../../machines/dialogs/shared/index.ts'
import { selectMonthView, selectReadyToAssign } from '../../../../machines/openBudget/index.ts'
import { createFakeLedger, ids, NOVEMBER, pln, startBudget } from '../budget.fakes.ts'
import { EN, NBSP, PL, sequentialIds, startAnalyticsRecorder } from './dialog.fakes.ts'

const balances = [
  { categoryId: ids.groceries, available: pln(45_050) },
  { categoryId: ids.rent, available: pln(-2_000) },
]

describe('assign money', () => {
  const props = { periodKey: NOVEMBER, categoryId: ids.groceries, assigned: pln(123_450) }

  it('starts from the current assignment written the user’s way', () => {
    expect(initialAssignFields(props, PL)).toEqual({ amount: '1234,50' })
    expect(initialAssignFields(props, EN)).toEqual({ amount: '1234.50' })
  })

  it('reads pl and en amounts into grosze, a negative one too', () => {
    expect(checkAssign({ amount: '1 234,56' }, props, PL)).toEqual({ ok: true, value: { amount: 123_456 } })
    expect(checkAssign({ amount: '1,234.56' }, props, EN)).toEqual({ ok: true, value: { amount: 123_456 } })
    expect(checkAssign({ amount: '-12' }, props, PL)).toEqual({ ok: true, value: { amount: -1_200 } })
    expect(checkAssign({ amount: '12,5' }, props, PL)).toEqual({ ok: true, value: { amount: 1_250 } })
  })

  it('says what is wrong with an amount as i18n keys', () => {
    expect(checkAssign({ amount: '' }, props, PL)).toEqual({
      ok: false,
      errors: { amount: { key: 'validation.required' } },
    })
    expect(checkAssign({ amount: 'abc' }, props, PL)).toEqual({
      ok: false,
      errors: { amount: { key: 'validation.amountInvalid' } },
    })
    expect(checkAssign({ amount: '1,234' }, props, PL)).toEqual({
      ok: false,
      errors: { amount: { key: 'validation.amountAmbiguous' } },
    })
    expect(checkAssign({ amount: '0,001' }, props, PL)).toEqual({
      ok: false,
      errors: { amount: { key: 'validation.amountTooManyDecimals', params: { decimals: 2 } } },
    })
  })

  it('assigns through the open budget: Ready to Assign drops at once, money_assigned is queued', async () => {
    const ledger = createFakeLedger()
    ledger.control.hold = true
    const { budget } = startBudget(ledger)
    await waitFor(budget, (s) => s.matches('ready'))
    const analytics = startAnalyticsRecorder()
    const dialog = createActor(assignMoneyMachine, {
      input: {
        ...PL,
        budget,
        analytics: analytics.actor,
        newId: sequentialIds(),
        props: { periodKey: NOVEMBER, categoryId: ids.groceries, assigned: pln(0) },
      },
    }).start()
    dialog.send({ type: 'form.change', field: 'amount', value: '1 200,00' })
    dialog.send({ type: 'dialog.submit' })
    await waitFor(dialog, (s) => s.status === 'done')
    expect(selectWasApplied(dialog.getSnapshot())).toBe(true)
    expect(dialog.getSnapshot().output).toEqual({ commandIds: ['mine-1'] })
    expect(selectReadyToAssign(budget.getSnapshot(), NOVEMBER)).toBe(380_000)
    expect(analytics.tracked).toEqual([
      { type: 'analytics.track', name: 'money_assigned', props: { source: 'assign' } },
    ])
  })

  it('closes without a command when the amount did not change', () => {
    const dialog = createActor(assignMoneyMachine, {
      input: { ...PL, budget: startAnalyticsRecorder().actor, newId: sequentialIds(), props },
    }).start()
    dialog.send({ type: 'dialog.submit' })
    expect(selectIsClosed(dialog.getSnapshot())).toBe(true)
    expect(dialog.getSnapshot().context.commandIds).toEqual([])
  })

  it('shows the budget’s refusal and clears it on the next edit', async () => {
    const ledger = createFakeLedger()
    const { budget } = startBudget(ledger)
    await waitFor(budget, (s) => s.matches('ready'))
    const dialog = createActor(assignMoneyMachine, {
      input: {
        ...PL,
        budget,
        newId: sequentialIds(),
        props: { periodKey: NOVEMBER, categoryId: ids.salary, assigned: pln(0) },
      },
    }).start()
    dialog.send({ type: 'form.change', field: 'amount', value: '10' })
    dialog.send({ type: 'dialog.submit' })
    await waitFor(dialog, (s) => s.matches('failed'))
    expect(selectRefusalKey(dialog.getSnapshot())).toBe('budget.errors.cannot-assign-to-income')
    dialog.send({ type: 'form.change', field: 'amount', value: '11' })
    expect(dialog.getSnapshot().value).toBe('editing')
    expect(selectRefusalKey(dialog.getSnapshot())).toBeNull()
  })

  it('keeps field errors until that field changes', () => {
    const dialog = createActor(assignMoneyMachine, {
      input: { ...PL, budget: startAnalyticsRecorder().actor, newId: sequentialIds(), props },
    }).start()
    const change = fieldChange<AssignMoneyFields>()
    dialog.send(change('amount', ''))
    expect(selectCanSubmit(dialog.getSnapshot())).toBe(true)
    dialog.send({ type: 'dialog.submit' })
    expect(dialog.getSnapshot().value).toBe('editing')
    expect(selectFieldError(dialog.getSnapshot(), 'amount')).toEqual({ key: 'validation.required' })
    dialog.send({ type: 'form.change', field: 'amount', value: '5' })
    expect(selectFieldError(dialog.getSnapshot(), 'amount')).toBeUndefined()
  })
})

describe('move money', () => {
  const props = { periodKey: NOVEMBER, balances }

  it('moves from a category at most what it has, with SPEC’s max text at 2 decimals in pl', () => {
    expect(checkMoveMoney({ from: ids.groceries, to: ids.rent, amount: '450,51' }, props, PL)).toEqual({
      ok: false,
      errors: { amount: { key: 'validation.max', params: { max: `450,50` } } },
    })
    const ok = checkMoveMoney({ from: ids.groceries, to: ids.rent, amount: '450,50' }, props, PL)
    expect(ok).toEqual({ ok: true, value: { from: ids.groceries, to: ids.rent, amount: 45_050 } })
    if (ok.ok)
      expect(buildMoveMoney(ok.value, props)).toEqual([
        {
          _tag: 'MoveMoney',
          periodKey: NOVEMBER,
          fromCategoryId: ids.groceries,
          toCategoryId: ids.rent,
          value: 45_050,
        },
      ])
  })

  it('groups thousands in the max text with a non-breaking space', () => {
    const rich = {
      periodKey: NOVEMBER,
      balances: [{ categoryId: ids.groceries, available: pln(123_456_78) }],
    }
    expect(checkMoveMoney({ from: ids.groceries, to: ids.rent, amount: '200000' }, rich, PL)).toEqual({
      ok: false,
      errors: { amount: { key: 'validation.max', params: { max: `123${NBSP}456,78` } } },
    })
  })

  it('needs at least 0,01 and two different ends; Ready to Assign has no maximum', () => {
    expect(checkMoveMoney({ from: READY_TO_ASSIGN, to: READY_TO_ASSIGN, amount: '0' }, props, PL)).toEqual({
      ok: false,
      errors: {
        to: { key: 'validation.sameCategory' },
        amount: { key: 'validation.min', params: { min: '0,01' } },
      },
    })
    expect(checkMoveMoney({ from: null, to: null, amount: '' }, props, EN)).toEqual({
      ok: false,
      errors: {
        from: { key: 'validation.required' },
        to: { key: 'validation.required' },
        amount: { key: 'validation.required' },
      },
    })
    const ok = checkMoveMoney({ from: READY_TO_ASSIGN, to: ids.rent, amount: '9999999' }, props, EN)
    expect(ok.ok && buildMoveMoney(ok.value, props)).toEqual([
      {
        _tag: 'MoveMoney',
        periodKey: NOVEMBER,
        fromCategoryId: null,
        toCategoryId: ids.rent,
        value: 999_999_900,
      },
    ])
  })

  it('runs through the budget: 100,00 zł from Ready to Assign to Rent', async () => {
    const ledger = createFakeLedger()
    const { budget } = startBudget(ledger)
    await waitFor(budget, (s) => s.matches('ready'))
    const analytics = startAnalyticsRecorder()
    const dialog = createActor(moveMoneyMachine, {
      input: {
        ...PL,
        budget,
        analytics: analytics.actor,
        newId: sequentialIds(),
        props: { ...props, from: READY_TO_ASSIGN },
      },
    }).start()
    dialog.send({ type: 'form.change', field: 'to', value: ids.rent })
    dialog.send({ type: 'form.change', field: 'amount', value: '100' })
    dialog.send({ type: 'dialog.submit' })
    await waitFor(dialog, (s) => s.status === 'done')
    const rent = selectMonthView(budget.getSnapshot(), NOVEMBER).categories.find((row) => row.id === ids.rent)
    expect(rent?.assigned).toBe(10_000)
    expect(analytics.tracked).toMatchObject([{ name: 'money_assigned', props: { source: 'move' } }])
  })
})

describe('cover overspending', () => {
  const props = { periodKey: NOVEMBER, overspentCategoryId: ids.rent, balances }

  it('covers from Ready to Assign or from a category that has money', () => {
    const fromRta = checkCover({ from: READY_TO_ASSIGN }, props)
    expect(fromRta.ok && buildCover(fromRta.value, props)).toEqual([
      { _tag: 'CoverOverspending', periodKey: NOVEMBER, overspentCategoryId: ids.rent, fromCategoryId: null },
    ])
    const fromGroceries = checkCover({ from: ids.groceries }, props)
    expect(fromGroceries.ok && buildCover(fromGroceries.value, props)).toEqual([
      {
        _tag: 'CoverOverspending',
        periodKey: NOVEMBER,
        overspentCategoryId: ids.rent,
        fromCategoryId: ids.groceries,
      },
    ])
  })

  it('refuses an empty source, the overspent category itself, or no choice', () => {
    expect(checkCover({ from: ids.uncategorized }, props)).toEqual({
      ok: false,
      errors: { from: { key: 'validation.nothingToCoverWith' } },
    })
    expect(checkCover({ from: ids.rent }, props)).toEqual({
      ok: false,
      errors: { from: { key: 'validation.sameCategory' } },
    })
    expect(checkCover({ from: null }, props)).toEqual({
      ok: false,
      errors: { from: { key: 'validation.required' } },
    })
  })

  it('reports a domain refusal from the budget (the category is not overspent)', async () => {
    const ledger = createFakeLedger()
    const { budget } = startBudget(ledger)
    await waitFor(budget, (s) => s.matches('ready'))
    const dialog = createActor(coverOverspendingMachine, {
      input: { ...PL, budget, newId: sequentialIds(), props },
    }).start()
    dialog.send({ type: 'form.change', field: 'from', value: READY_TO_ASSIGN })
    dialog.send({ type: 'dialog.submit' })
    await waitFor(dialog, (s) => s.matches('failed'))
    expect(selectRefusalKey(dialog.getSnapshot())).toBe('budget.errors.category-not-overspent')
  })
})

describe('auto-assign', () => {
  it('needs an option and sends it with the month, limited to chosen categories when given', () => {
    expect(checkAutoAssign({ option: null })).toEqual({
      ok: false,
      errors: { option: { key: 'validation.required' } },
    })
    expect(
      buildAutoAssign({ option: 'underfunded' }, { periodKey: NOVEMBER, categoryIds: [ids.rent] }),
    ).toEqual([{ _tag: 'AutoAssign', periodKey: NOVEMBER, option: 'underfunded', categoryIds: [ids.rent] }])
    expect(buildAutoAssign({ option: 'resetAssigned' }, { periodKey: NOVEMBER })).toEqual([
      { _tag: 'AutoAssign', periodKey: NOVEMBER, option: 'resetAssigned' },
    ])
  })

  it('queues auto_assign with the option once applied', async () => {
    const ledger = createFakeLedger()
    const { budget } = startBudget(ledger)
    await waitFor(budget, (s) => s.matches('ready'))
    budget.send({
      type: 'budget.command',
      commands: [{ _tag: 'SetAssigned', periodKey: NOVEMBER, categoryId: ids.rent, value: pln(7_000) }],
    })
    const analytics = startAnalyticsRecorder()
    const dialog = createActor(autoAssignMachine, {
      input: {
        ...PL,
        budget,
        analytics: analytics.actor,
        newId: sequentialIds(),
        props: { periodKey: NOVEMBER },
      },
    }).start()
    dialog.send({ type: 'form.change', field: 'option', value: 'resetAssigned' })
    dialog.send({ type: 'dialog.submit' })
    await waitFor(dialog, (s) => s.status === 'done')
    expect(selectReadyToAssign(budget.getSnapshot(), NOVEMBER)).toBe(500_000)
    expect(analytics.tracked).toEqual([
      { type: 'analytics.track', name: 'auto_assign', props: { option: 'resetAssigned' } },
    ])
  })
})

import { describe, expect, it } from 'vitest'
import { monthView } from '../../../domain/monthView.ts'
import { targetStatus } from '../../../domain/targets.ts'
import type { Target } from '../../../schemas/budget.ts'
import { CategoryId, TargetId } from '../../../schemas/ids.ts'
import { IsoDate, Minor } from '../../../schemas/money.ts'
import { period, starterBudget } from './fixtures.ts'

const target = (
  fields: Partial<Omit<Target, 'amount'>> & Pick<Target, 'type'> & { amount: number },
): Target => ({
  id: TargetId.make('tg'),
  categoryId: CategoryId.make('c'),
  dueDate: null,
  cadenceMonths: null,
  ...fields,
  amount: Minor.make(fields.amount),
})
const at = (key: string, assigned = 0, carried = 0, activity = 0) => ({
  periodKey: period(key),
  assigned,
  carried,
  activity,
})

describe('target types', () => {
  it('NeededForSpendingMonthly asks its amount every month', () => {
    const status = targetStatus(
      target({ type: 'NeededForSpendingMonthly', amount: 50_000 }),
      at('202503', 20_000, 90_000),
    )
    expect(status).toMatchObject({ neededThisMonth: 50_000, underfunded: 30_000 })
    expect(status.explanation).toEqual({
      key: 'target.NeededForSpendingMonthly',
      params: { amount: 50_000, assigned: 20_000, underfunded: 30_000 },
    })
  })
  it('NeededForSpendingByDate spreads what is missing over the months left, the due month included', () => {
    // 1 200,00 by June, 300,00 already set aside: 900,00 over March–June (4 months) = 225,00.
    const t = target({
      type: 'NeededForSpendingByDate',
      amount: 120_000,
      dueDate: IsoDate.make('2025-06-15'),
    })
    expect(targetStatus(t, at('202503', 0, 30_000))).toMatchObject({
      neededThisMonth: 22_500,
      underfunded: 22_500,
    })
    expect(targetStatus(t, at('202506', 10_000, 100_000))).toMatchObject({
      neededThisMonth: 20_000,
      underfunded: 10_000,
    })
    expect(targetStatus(t, at('202507', 0, 0))).toMatchObject({ neededThisMonth: 0, underfunded: 0 })
  })
  it('a repeating date target rolls its due month forward by its cadence', () => {
    const t = target({
      type: 'NeededForSpendingByDate',
      amount: 60_000,
      dueDate: IsoDate.make('2025-03-10'),
      cadenceMonths: 6,
    })
    // Next due September: April–September is 6 months, 60 000 / 6.
    expect(targetStatus(t, at('202504'))).toMatchObject({ neededThisMonth: 10_000 })
  })
  it('SavingsBuilder without a date asks for the whole missing balance; with a date it spreads it', () => {
    expect(
      targetStatus(target({ type: 'SavingsBuilder', amount: 100_000 }), at('202501', 0, 40_000, -5_000)),
    ).toMatchObject({
      neededThisMonth: 65_000,
    })
    const dated = target({
      type: 'SavingsBuilder',
      amount: 100_000,
      dueDate: IsoDate.make('2025-04-01'),
    })
    expect(targetStatus(dated, at('202501', 25_000, 0))).toMatchObject({
      neededThisMonth: 25_000,
      underfunded: 0,
    })
  })
  it('SavingsBuilderMonthly asks a fixed contribution', () => {
    expect(
      targetStatus(target({ type: 'SavingsBuilderMonthly', amount: 10_000 }), at('202501', 4_000)),
    ).toMatchObject({
      neededThisMonth: 10_000,
      underfunded: 6_000,
    })
  })
  it('DebtPayment asks the payment until its payoff month, then nothing', () => {
    const t = target({ type: 'DebtPayment', amount: 80_000, dueDate: IsoDate.make('2025-02-01') })
    expect(targetStatus(t, at('202502', 80_000))).toMatchObject({ neededThisMonth: 80_000, underfunded: 0 })
    expect(targetStatus(t, at('202503'))).toMatchObject({ neededThisMonth: 0, underfunded: 0 })
  })
  it('the month view reports a category’s target status', () => {
    const book = starterBudget()
    book.do('SetTarget', {
      targetId: 'tg',
      categoryId: 'holiday',
      type: 'NeededForSpendingByDate',
      amount: 30_000,
      dueDate: '2025-03-31',
    })
    book.do('SetAssigned', { periodKey: '202501', categoryId: 'holiday', value: 10_000 })
    const feb = monthView(book.state, period('202502')).categories.find((c) => c.id === 'holiday')
    // 20 000 missing over February and March.
    expect(feb?.target).toMatchObject({
      type: 'NeededForSpendingByDate',
      neededThisMonth: 10_000,
      underfunded: 10_000,
    })
  })
})

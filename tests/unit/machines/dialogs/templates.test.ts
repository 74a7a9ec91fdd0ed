import { describe, expect, it } from 'vitest'
import {
  buildDraft,
  checkDraft,
  draftAnalytics,
  hasBacklog,
  initialDraftFields,
} from '../../../../machines/dialogs/transactionDraft/index.ts'
import {
  buildTemplate,
  checkDraftHorizon,
  checkTemplate,
  initialTemplateFields,
  previewDates,
  type TransactionTemplateFields,
  type TransactionTemplateProps,
  targetFromTemplate,
  templateAnalytics,
  templatePreview,
} from '../../../../machines/dialogs/transactionTemplate/index.ts'
import { TemplateId } from '../../../../schemas/ids.ts'
import { CurrencyCode, IsoDate, Minor } from '../../../../schemas/money.ts'
import type { TransactionTemplate } from '../../../../schemas/templates.ts'
import { ids } from '../budget.fakes.ts'

const env = { currency: CurrencyCode.make('PLN'), locale: 'pl-PL' }
const TODAY = IsoDate.make('2026-11-21')
const create: TransactionTemplateProps = { mode: 'create', today: TODAY, bankAccountId: ids.checking }
const ids3 = () => {
  let n = 0
  return () => `id-${++n}`
}

const rent: TransactionTemplate = {
  id: TemplateId.make('tpl-rent'),
  bankAccountId: ids.checking,
  toBankAccountId: null,
  payee: 'Czynsz',
  memo: '',
  value: Minor.make(-250_000),
  splits: [{ categoryId: ids.rent, value: Minor.make(-250_000) }],
  frequency: 'Monthly',
  interval: 1,
  startDate: IsoDate.make('2026-11-10'),
  endDate: null,
  occurrences: null,
  shift: 'None',
  amountMatch: 'Exact',
  skippedThrough: null,
}

const filled = (change: Partial<TransactionTemplateFields> = {}): TransactionTemplateFields => ({
  ...initialTemplateFields(create, env),
  amount: '2500',
  payee: 'Czynsz',
  splits: [{ categoryId: ids.rent, amount: '' }],
  startDate: '10.12.2026',
  ...change,
})

describe('the recurring template form', () => {
  it('starts monthly from today, every 1, never ending, without shift, exact', () => {
    const fields = initialTemplateFields(create, env)
    expect(fields).toMatchObject({
      bankAccountId: ids.checking,
      frequency: 'Monthly',
      interval: '1',
      startDate: '21.11.2026',
      end: 'never',
      shift: 'None',
      amountMatch: 'Exact',
    })
  })

  it('builds a monthly bill as CreateTemplate, signed as an outflow, and reports template_added', () => {
    const checked = checkTemplate(filled({ shift: 'After' }), create, env)
    if (!checked.ok) throw new Error(JSON.stringify(checked.errors))
    expect(buildTemplate(checked.value, create, ids3())).toEqual([
      {
        _tag: 'CreateTemplate',
        templateId: 'id-1',
        bankAccountId: ids.checking,
        payee: 'Czynsz',
        value: -250_000,
        splits: [{ categoryId: ids.rent, value: -250_000 }],
        frequency: 'Monthly',
        interval: 1,
        startDate: '2026-12-10',
        shift: 'After',
        amountMatch: 'Exact',
      },
    ])
    expect(templateAnalytics(checked.value, create)).toMatchObject({ name: 'template_added' })
  })

  it('names every wrong field: interval 0, an end before the start, N occurrences not a number', () => {
    expect(checkTemplate(filled({ interval: '0' }), create, env)).toMatchObject({
      ok: false,
      errors: { interval: { key: 'templates.validation.countMin' } },
    })
    expect(checkTemplate(filled({ end: 'on', endDate: '01.12.2026' }), create, env)).toMatchObject({
      ok: false,
      errors: { endDate: { key: 'templates.validation.endBeforeStart' } },
    })
    expect(checkTemplate(filled({ end: 'after', occurrences: 'x' }), create, env)).toMatchObject({
      ok: false,
      errors: { occurrences: { key: 'templates.validation.wholeNumber' } },
    })
    expect(checkTemplate(filled({ payee: ' ' }), create, env)).toMatchObject({
      ok: false,
      errors: { payee: { key: 'validation.required' } },
    })
  })

  it('refuses splits that do not add up', () => {
    const fields = filled({
      splits: [
        { categoryId: ids.rent, amount: '2000' },
        { categoryId: ids.groceries, amount: '400' },
      ],
    })
    expect(checkTemplate(fields, create, env)).toMatchObject({
      ok: false,
      errors: { splits: { key: 'validation.splitsSum' } },
    })
  })

  it('builds a transfer without splits, always an outflow of its account', () => {
    const checked = checkTemplate(
      filled({ kind: 'transfer', toBankAccountId: ids.savings, direction: 'inflow', payee: '' }),
      create,
      env,
    )
    if (!checked.ok) throw new Error(JSON.stringify(checked.errors))
    expect(buildTemplate(checked.value, create, ids3())[0]).toMatchObject({
      toBankAccountId: ids.savings,
      value: -250_000,
      splits: [],
    })
    expect(
      checkTemplate(filled({ kind: 'transfer', toBankAccountId: ids.checking }), create, env),
    ).toMatchObject({
      ok: false,
      errors: { toBankAccountId: { key: 'validation.sameAccount' } },
    })
  })

  it('edits only what changed, and nothing when nothing did', () => {
    const edit: TransactionTemplateProps = { mode: 'edit', template: rent }
    const unchanged = checkTemplate(initialTemplateFields(edit, env), edit, env)
    if (!unchanged.ok) throw new Error('invalid')
    expect(buildTemplate(unchanged.value, edit, ids3())).toEqual([])
    const changed = checkTemplate(
      { ...initialTemplateFields(edit, env), amount: '2600', end: 'after', occurrences: '12' },
      edit,
      env,
    )
    if (!changed.ok) throw new Error('invalid')
    expect(buildTemplate(changed.value, edit, ids3())).toEqual([
      {
        _tag: 'EditTemplate',
        templateId: rent.id,
        value: -260_000,
        splits: [{ categoryId: ids.rent, value: -260_000 }],
        occurrences: 12,
      },
    ])
  })

  it('previews the next dates from today on', () => {
    expect(previewDates(filled({ startDate: '31.10.2026' }), TODAY, 3)).toEqual([
      '2026-11-30',
      '2026-12-31',
      '2027-01-31',
    ])
    expect(previewDates(filled({ startDate: 'x' }), TODAY)).toEqual([])
  })

  it('previews a new template from its start, its past and near dates marked due', () => {
    const preview = templatePreview(
      filled({ startDate: '31.10.2026' }),
      TODAY,
      { horizonDays: 7, fromStart: true },
      3,
    )
    expect(preview).toEqual({
      _tag: 'Dates',
      dates: [
        { date: '2026-10-31', due: true },
        { date: '2026-11-30', due: false },
        { date: '2026-12-31', due: false },
      ],
    })
    // An edited one from today on, nothing marked.
    expect(
      templatePreview(filled({ startDate: '31.10.2026' }), TODAY, { horizonDays: 10, fromStart: false }, 1),
    ).toEqual({ _tag: 'Dates', dates: [{ date: '2026-11-30', due: false }] })
  })

  it('says why the preview has no dates: no start, an incomplete end, an end before the start', () => {
    const at = (change: Partial<TransactionTemplateFields>) =>
      templatePreview(filled(change), TODAY, { horizonDays: 7, fromStart: true })._tag
    expect(at({ startDate: '' })).toBe('NoStart')
    expect(at({ frequency: 'Monthly', end: 'on', endDate: '' })).toBe('NoEnd')
    expect(at({ frequency: 'Monthly', end: 'after', occurrences: '' })).toBe('NoEnd')
    expect(at({ frequency: 'Monthly', end: 'on', endDate: '01.12.2026' })).toBe('EndBeforeStart')
    expect(at({ frequency: 'Monthly', interval: '0' })).toBe('Invalid')
  })

  it('reads the draft horizon as 0-60 days', () => {
    expect(checkDraftHorizon('0')).toMatchObject({ _tag: 'Success', success: 0 })
    expect(checkDraftHorizon('61')).toMatchObject({ _tag: 'Failure' })
    expect(checkDraftHorizon('1.5')).toMatchObject({ _tag: 'Failure' })
  })

  it('turns a monthly bill into a dated NeededForSpending target repeating monthly', () => {
    expect(targetFromTemplate(rent, IsoDate.make('2026-12-10'), null, ids3())).toEqual({
      _tag: 'SetTarget',
      targetId: 'id-1',
      categoryId: ids.rent,
      type: 'NeededForSpendingByDate',
      amount: 250_000,
      dueDate: '2026-12-10',
      cadenceMonths: 1,
    })
  })
})

describe('the draft confirmation form', () => {
  const props = { template: rent, date: IsoDate.make('2026-11-10') }

  it('confirms as scheduled with nothing but the occurrence and fresh ids', () => {
    const checked = checkDraft(initialDraftFields(props, env), props, env)
    if (!checked.ok) throw new Error('invalid')
    expect(buildDraft(checked.value, props, ids3())).toEqual([
      { _tag: 'ConfirmOccurrence', templateId: rent.id, date: '2026-11-10', transactionId: 'id-1' },
    ])
    expect(draftAnalytics(checked.value, props)).toMatchObject({ name: 'template_used' })
  })

  it('sends what the person changed: the amount (with its splits) and the date', () => {
    const checked = checkDraft(
      { ...initialDraftFields(props, env), amount: '2450', date: '11.11.2026' },
      props,
      env,
    )
    if (!checked.ok) throw new Error('invalid')
    expect(buildDraft(checked.value, props, ids3())[0]).toMatchObject({
      transactionDate: '2026-11-11',
      value: -245_000,
      splits: [{ categoryId: ids.rent, value: -245_000 }],
    })
  })

  it('gives a transfer template its pair of ids', () => {
    const transfer = { template: { ...rent, toBankAccountId: ids.savings, splits: [] }, date: props.date }
    const checked = checkDraft(initialDraftFields(transfer, env), transfer, env)
    if (!checked.ok) throw new Error('invalid')
    expect(buildDraft(checked.value, transfer, ids3())[0]).toMatchObject({
      transactionId: 'id-1',
      transfer: { transferId: 'id-2', inflowTransactionId: 'id-3' },
    })
  })

  it('offers skipping a backlog only when more than this draft is due', () => {
    const date = IsoDate.make('2026-11-10')
    expect(hasBacklog([date], date)).toBe(false)
    expect(hasBacklog([IsoDate.make('2026-10-10'), date], date)).toBe(true)
  })
})

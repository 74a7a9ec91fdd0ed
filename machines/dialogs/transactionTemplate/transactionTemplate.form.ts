import * as Result from 'effect/Result'
import type { SplitInput } from '../../../schemas/budgetCommands.ts'
import { type BankAccountId, type CategoryId, TemplateId } from '../../../schemas/ids.ts'
import type { IsoDate, Minor } from '../../../schemas/money.ts'
import {
  type AmountMatch,
  type HolidayShift,
  maxDraftHorizonDays,
  maxTemplateInterval,
  maxTemplateOccurrences,
  type RecurrenceFrequency,
  type TransactionTemplate,
} from '../../../schemas/templates.ts'
import type { AnalyticsTrack } from '../../analytics/analytics.machine.ts'
import type { CommandDraft } from '../../openBudget/budget.protocol.ts'
import {
  amountText,
  type Checked,
  checkAmount,
  checkDate,
  dateText,
  type FieldError,
  type FieldErrors,
  type FormEnv,
  ONE_MINOR_UNIT,
  REQUIRED,
  take,
} from '../shared/dialog.validation.ts'
import { checkSplitFields, type Direction, EMPTY_SPLIT, type SplitField, signed } from '../shared/splits.ts'

/** A template moves money to a category (with splits) or to another account ("Przelew"). */
export type TemplateKind = 'regular' | 'transfer'
/** How a template ends: never, after N occurrences, or on a date. */
export type TemplateEnd = 'never' | 'after' | 'on'

export type TransactionTemplateProps =
  | {
      readonly mode: 'create'
      readonly today: IsoDate
      /** Preset from where it was opened (a category's "Dodaj cykliczną", an account's register). */
      readonly bankAccountId?: BankAccountId
      readonly categoryId?: CategoryId
      /** The budget's "Do przydzielenia" category: an inflow without a category goes there. */
      readonly incomeCategoryId?: CategoryId
    }
  | {
      readonly mode: 'edit'
      readonly template: TransactionTemplate
      readonly incomeCategoryId?: CategoryId
    }

export type TransactionTemplateFields = {
  readonly bankAccountId: BankAccountId | null
  readonly kind: TemplateKind
  readonly toBankAccountId: BankAccountId | null
  readonly direction: Direction
  /** Without sign; the direction gives it (a transfer is always an outflow of its account). */
  readonly amount: string
  readonly payee: string
  readonly memo: string
  /** At least one; as in the transaction editor. */
  readonly splits: ReadonlyArray<SplitField>
  readonly frequency: RecurrenceFrequency
  /** "co N": typed text, 1 to 999. */
  readonly interval: string
  readonly startDate: string
  readonly end: TemplateEnd
  readonly occurrences: string
  readonly endDate: string
  readonly shift: HolidayShift
  readonly amountMatch: AmountMatch
}

export type TransactionTemplateValue = {
  readonly bankAccountId: BankAccountId
  readonly toBankAccountId: BankAccountId | null
  readonly payee: string
  readonly memo: string
  readonly value: Minor
  readonly splits: ReadonlyArray<SplitInput>
  readonly frequency: RecurrenceFrequency
  readonly interval: number
  readonly startDate: IsoDate
  readonly endDate: IsoDate | null
  readonly occurrences: number | null
  readonly shift: HolidayShift
  readonly amountMatch: AmountMatch
}

export const initialTemplateFields = (
  props: TransactionTemplateProps,
  env: FormEnv,
): TransactionTemplateFields => {
  if (props.mode === 'create')
    return {
      bankAccountId: props.bankAccountId ?? null,
      kind: 'regular',
      toBankAccountId: null,
      direction: 'outflow',
      amount: '',
      payee: '',
      memo: '',
      splits: [{ categoryId: props.categoryId ?? null, amount: '' }],
      frequency: 'Monthly',
      interval: '1',
      startDate: dateText(props.today, env),
      end: 'never',
      occurrences: '',
      endDate: '',
      shift: 'None',
      amountMatch: 'Exact',
    }
  const { template } = props
  const splits = template.splits.map((split) => ({
    categoryId: split.categoryId,
    amount: amountText(Math.abs(split.value), env),
  }))
  return {
    bankAccountId: template.bankAccountId,
    kind: template.toBankAccountId === null ? 'regular' : 'transfer',
    toBankAccountId: template.toBankAccountId,
    direction: template.value < 0 ? 'outflow' : 'inflow',
    amount: amountText(Math.abs(template.value), env),
    payee: template.payee,
    memo: template.memo,
    splits: splits.length > 0 ? splits : [EMPTY_SPLIT],
    frequency: template.frequency,
    interval: String(template.interval),
    startDate: dateText(template.startDate, env),
    end: template.occurrences !== null ? 'after' : template.endDate !== null ? 'on' : 'never',
    occurrences: template.occurrences === null ? '' : String(template.occurrences),
    endDate: template.endDate === null ? '' : dateText(template.endDate, env),
    shift: template.shift,
    amountMatch: template.amountMatch,
  }
}

/** A whole number typed in a field, within bounds; the message names the bound. */
export const checkCount = (text: string, max: number): Result.Result<number, FieldError> => {
  const trimmed = text.trim()
  if (trimmed === '') return Result.fail(REQUIRED)
  if (!/^\d+$/u.test(trimmed)) return Result.fail({ key: 'templates.validation.wholeNumber' })
  const value = Number(trimmed)
  if (value < 1) return Result.fail({ key: 'templates.validation.countMin', params: { min: 1 } })
  if (value > max) return Result.fail({ key: 'templates.validation.countMax', params: { max } })
  return Result.succeed(value)
}

/**
 * The fields as a template: an account, an amount of at least 0,01, a payee for a regular template, the other
 * account (not the same one) for a transfer, splits as in the transaction editor, "co N" 1–999, a start date, and
 * an end: N occurrences (1–9999) or a date not before the start.
 */
export const checkTemplate = (
  fields: TransactionTemplateFields,
  _props: TransactionTemplateProps,
  env: FormEnv,
): Checked<TransactionTemplateValue, TransactionTemplateFields> => {
  const errors: FieldErrors<TransactionTemplateFields> = {}
  const transfer = fields.kind === 'transfer'
  if (fields.bankAccountId === null) errors.bankAccountId = REQUIRED
  if (transfer) {
    if (fields.toBankAccountId === null) errors.toBankAccountId = REQUIRED
    else if (fields.toBankAccountId === fields.bankAccountId)
      errors.toBankAccountId = { key: 'validation.sameAccount' }
  }
  const amount = take(errors, 'amount', checkAmount(fields.amount, env, { min: ONE_MINOR_UNIT }))
  const payee = fields.payee.trim()
  if (!transfer && payee === '') errors.payee = REQUIRED
  const direction: Direction = transfer ? 'outflow' : fields.direction
  const checkedSplits = transfer ? undefined : checkSplitFields(fields.splits, amount, direction, env)
  if (checkedSplits !== undefined && checkedSplits.splits === undefined && amount !== undefined)
    errors.splits = checkedSplits.sumError ?? { key: 'templates.validation.splits' }
  const interval =
    fields.frequency === 'Once'
      ? 1
      : take(errors, 'interval', checkCount(fields.interval, maxTemplateInterval))
  const startDate = take(errors, 'startDate', checkDate(fields.startDate))
  const occurrences =
    fields.end === 'after' && fields.frequency !== 'Once'
      ? take(errors, 'occurrences', checkCount(fields.occurrences, maxTemplateOccurrences))
      : null
  const endDate =
    fields.end === 'on' && fields.frequency !== 'Once'
      ? take(errors, 'endDate', checkDate(fields.endDate))
      : null
  if (startDate !== undefined && endDate !== undefined && endDate !== null && endDate < startDate)
    errors.endDate = { key: 'templates.validation.endBeforeStart' }
  if (
    Object.keys(errors).length > 0 ||
    fields.bankAccountId === null ||
    amount === undefined ||
    interval === undefined ||
    startDate === undefined ||
    occurrences === undefined ||
    endDate === undefined
  )
    return { ok: false, errors }
  return {
    ok: true,
    value: {
      bankAccountId: fields.bankAccountId,
      toBankAccountId: transfer ? fields.toBankAccountId : null,
      payee,
      memo: fields.memo.trim(),
      value: signed(amount, direction),
      splits: checkedSplits?.splits ?? [],
      frequency: fields.frequency,
      interval,
      startDate,
      endDate,
      occurrences,
      shift: fields.shift,
      amountMatch: fields.amountMatch,
    },
  }
}

const sameSplits = (a: ReadonlyArray<SplitInput>, b: ReadonlyArray<SplitInput>): boolean =>
  a.length === b.length &&
  a.every((split, index) => split.categoryId === b[index]?.categoryId && split.value === b[index]?.value)

/** Create: one CreateTemplate. Edit: an EditTemplate of what changed, nothing when nothing did. */
export const buildTemplate = (
  value: TransactionTemplateValue,
  props: TransactionTemplateProps,
  newId: () => string,
): ReadonlyArray<CommandDraft> => {
  if (props.mode === 'create')
    return [
      {
        _tag: 'CreateTemplate',
        // A fresh opaque id for the new template.
        templateId: TemplateId.make(newId()),
        bankAccountId: value.bankAccountId,
        ...(value.toBankAccountId === null ? {} : { toBankAccountId: value.toBankAccountId }),
        payee: value.payee,
        ...(value.memo === '' ? {} : { memo: value.memo }),
        value: value.value,
        splits: value.splits,
        frequency: value.frequency,
        interval: value.interval,
        startDate: value.startDate,
        ...(value.endDate === null ? {} : { endDate: value.endDate }),
        ...(value.occurrences === null ? {} : { occurrences: value.occurrences }),
        shift: value.shift,
        amountMatch: value.amountMatch,
      },
    ]
  const { template } = props
  const changes = {
    ...(value.bankAccountId === template.bankAccountId ? {} : { bankAccountId: value.bankAccountId }),
    ...(value.toBankAccountId === template.toBankAccountId ? {} : { toBankAccountId: value.toBankAccountId }),
    ...(value.payee === template.payee ? {} : { payee: value.payee }),
    ...(value.memo === template.memo ? {} : { memo: value.memo }),
    ...(value.value === template.value ? {} : { value: value.value }),
    ...(sameSplits(value.splits, template.splits) ? {} : { splits: value.splits }),
    ...(value.frequency === template.frequency ? {} : { frequency: value.frequency }),
    ...(value.interval === template.interval ? {} : { interval: value.interval }),
    ...(value.startDate === template.startDate ? {} : { startDate: value.startDate }),
    ...(value.endDate === template.endDate ? {} : { endDate: value.endDate }),
    ...(value.occurrences === template.occurrences ? {} : { occurrences: value.occurrences }),
    ...(value.shift === template.shift ? {} : { shift: value.shift }),
    ...(value.amountMatch === template.amountMatch ? {} : { amountMatch: value.amountMatch }),
  }
  return Object.keys(changes).length === 0
    ? []
    : [{ _tag: 'EditTemplate', templateId: template.id, ...changes }]
}

/** SPEC §7 `template_added`, on create only. */
export const templateAnalytics = (
  value: TransactionTemplateValue,
  props: TransactionTemplateProps,
): AnalyticsTrack | null =>
  props.mode === 'create'
    ? {
        type: 'analytics.track',
        name: 'template_added',
        props: {
          frequency: value.frequency,
          transfer: value.toBankAccountId !== null,
          splits: value.splits.length,
        },
      }
    : null

/** The budget's draft horizon as typed: a whole number of days, 0–60 (SetDraftHorizon). */
export const checkDraftHorizon = (text: string): Result.Result<number, FieldError> => {
  const trimmed = text.trim()
  if (trimmed === '') return Result.fail(REQUIRED)
  if (!/^\d+$/u.test(trimmed)) return Result.fail({ key: 'templates.validation.wholeNumber' })
  const value = Number(trimmed)
  if (value > maxDraftHorizonDays)
    return Result.fail({ key: 'templates.validation.countMax', params: { max: maxDraftHorizonDays } })
  return Result.succeed(value)
}

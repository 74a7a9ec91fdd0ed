import * as Result from 'effect/Result'
import type { SplitInput } from '../../../schemas/budgetCommands.ts'
import type { CategoryId } from '../../../schemas/ids.ts'
import { Minor } from '../../../schemas/money.ts'
import { checkAmount, type FieldError, type FormEnv, ONE_MINOR_UNIT } from './dialog.validation.ts'

// The amount-and-splits part every money form shares (the transaction editor, the recurring template, a draft's
// confirmation): one place for how splits are typed, checked and signed.

export type Direction = 'outflow' | 'inflow'

/** A direction from a control's value (a radio group answers with a string). */
export const directionOf = (value: string): Direction => (value === 'inflow' ? 'inflow' : 'outflow')

export type SplitField = { readonly categoryId: CategoryId | null; readonly amount: string }

export type SplitErrors = { readonly categoryId?: FieldError; readonly amount?: FieldError }

/** The fields the split part reads: the amount without sign and at least one split. */
export type AmountAndSplits = { readonly amount: string; readonly splits: ReadonlyArray<SplitField> }

// Amounts are whole minor units; the sign is applied once, here.
export const signed = (magnitude: number, direction: Direction): Minor =>
  Minor.make(direction === 'outflow' ? -magnitude : magnitude)

export type SplitsChecked = {
  /** Per split (only with several splits). */
  readonly errors: ReadonlyArray<SplitErrors>
  /** 'validation.splitsSum' when several splits do not add up to the amount. */
  readonly sumError: FieldError | undefined
  /** The signed splits, when every split is valid and the amount was read. */
  readonly splits: ReadonlyArray<SplitInput> | undefined
}

/**
 * SPEC §5 for splits: one split takes the whole amount (none chosen: Uncategorized); several each need a category
 * and an amount of at least 0,01, and must add up exactly to the amount.
 */
export const checkSplitFields = (
  splits: ReadonlyArray<SplitField>,
  amount: number | undefined,
  direction: Direction,
  env: FormEnv,
): SplitsChecked => {
  if (splits.length <= 1) {
    const [first] = splits
    return {
      errors: [],
      sumError: undefined,
      splits:
        amount === undefined
          ? undefined
          : first?.categoryId
            ? [{ categoryId: first.categoryId, value: signed(amount, direction) }]
            : [],
    }
  }
  const errors: SplitErrors[] = []
  const values: number[] = []
  for (const split of splits) {
    const parsed = checkAmount(split.amount, env, { min: ONE_MINOR_UNIT })
    errors.push({
      ...(split.categoryId === null ? { categoryId: { key: 'validation.required' } } : {}),
      ...(Result.isFailure(parsed) ? { amount: parsed.failure } : {}),
    })
    if (Result.isSuccess(parsed)) values.push(parsed.success)
  }
  const everyAmountRead = values.length === splits.length
  const sumError: FieldError | undefined =
    amount !== undefined && everyAmountRead && values.reduce((sum, v) => sum + v, 0) !== amount
      ? { key: 'validation.splitsSum' }
      : undefined
  const valid = errors.every((split) => Object.keys(split).length === 0) && sumError === undefined
  return {
    errors,
    sumError,
    splits:
      valid && amount !== undefined
        ? splits.flatMap((split, index) =>
            split.categoryId === null
              ? []
              : [{ categoryId: split.categoryId, value: signed(values[index] ?? 0, direction) }],
          )
        : undefined,
  }
}

/** What the splits still lack (amount − Σ split amounts), or null while some amount is not readable. */
export const splitRemainder = (fields: AmountAndSplits, env: FormEnv): Minor | null => {
  const total = checkAmount(fields.amount, env)
  if (Result.isFailure(total)) return null
  let sum = 0
  for (const split of fields.splits) {
    const parsed = checkAmount(split.amount, env)
    if (Result.isFailure(parsed)) return null
    sum += parsed.success
  }
  return Minor.make(total.success - sum)
}

/** The remainder a form shows: only with several splits and while something is left. */
export const shownRemainder = (fields: AmountAndSplits, env: FormEnv): Minor | null => {
  if (fields.splits.length <= 1) return null
  const remainder = splitRemainder(fields, env)
  return remainder === null || remainder === 0 ? null : remainder
}

export const EMPTY_SPLIT: SplitField = { categoryId: null, amount: '' }

/** The split edits, as pure list changes. */
export const withSplitAdded = (splits: ReadonlyArray<SplitField>): ReadonlyArray<SplitField> => [
  ...splits,
  EMPTY_SPLIT,
]
export const withSplitRemoved = (
  splits: ReadonlyArray<SplitField>,
  index: number,
): ReadonlyArray<SplitField> => (splits.length > 1 ? splits.filter((_, at) => at !== index) : splits)
export const withSplitChanged = (
  splits: ReadonlyArray<SplitField>,
  index: number,
  change: Partial<SplitField>,
): ReadonlyArray<SplitField> => splits.map((split, at) => (at === index ? { ...split, ...change } : split))

/**
 * The fields after a change of direction. An inflow whose one category is not chosen yet goes to the budget's
 * income destination ("Do przydzielenia": money for the person to assign), as YNAB's "Inflow: Ready to Assign";
 * turning it back into an outflow undoes that choice, since spending from Ready to Assign is rarely meant.
 */
export const withDirection = <
  T extends { readonly direction: Direction; readonly splits: ReadonlyArray<SplitField> },
>(
  fields: T,
  direction: Direction,
  incomeCategoryId: CategoryId | undefined,
): T => {
  const [only, ...others] = fields.splits
  if (incomeCategoryId === undefined || only === undefined || others.length > 0)
    return { ...fields, direction }
  const categoryId =
    direction === 'inflow' && only.categoryId === null
      ? incomeCategoryId
      : direction === 'outflow' && only.categoryId === incomeCategoryId
        ? null
        : only.categoryId
  return { ...fields, direction, splits: [{ ...only, categoryId }] }
}

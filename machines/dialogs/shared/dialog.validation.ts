import * as Result from 'effect/Result'
import { currencyExponent } from '../../../domain/currency.ts'
import { formatDateText, parseDateText } from '../../../domain/dateText.ts'
import { parseAmount, toDecimalString } from '../../../domain/money.ts'
import { type CurrencyCode, type IsoDate, MAX_AMOUNT, type Minor } from '../../../schemas/money.ts'

/** A field's message as an i18n key with parameters (SPEC §5: 'validation.required', 'validation.min' {min}, …). */
export type FieldError = { readonly key: string; readonly params?: Readonly<Record<string, string | number>> }

export type FieldErrors<F> = Partial<Record<keyof F & string, FieldError>>

export type Checked<V, F> =
  | { readonly ok: true; readonly value: V }
  | { readonly ok: false; readonly errors: FieldErrors<F> }

/** Formatting and parsing context every dialog gets from the view. */
export type FormEnv = { readonly currency: CurrencyCode; readonly locale: string }

export const REQUIRED: FieldError = { key: 'validation.required' }

/**
 * An amount for a message: the currency's decimals (2 for złoty) in the user's locale, without the symbol —
 * SPEC's max text appends 'zł' itself ('Maksymalna wartość to {max} zł.').
 */
export const formatBound = (amount: number, env: FormEnv): string => {
  const exponent = currencyExponent(env.currency) ?? 2
  const format = new Intl.NumberFormat(env.locale, {
    minimumFractionDigits: exponent,
    maximumFractionDigits: exponent,
    useGrouping: 'always',
  })
  // Intl reads exact decimal strings; its typings still say number | bigint. Bounds are integers in minor units.
  return format.format(toDecimalString(amount as Minor, exponent) as `${number}`)
}

export type AmountRule = { readonly min?: number; readonly max?: number }

// Every form's amount is within the one limit of a single amount (schemas/money.ts MAX_AMOUNT, the server's):
// parseAmount refuses beyond it, and the message says where it is.
const tooLarge = (env: FormEnv): FieldError => ({
  key: 'validation.amountTooLarge',
  params: { max: formatBound(MAX_AMOUNT, env) },
})

const PARSE_ERROR_KEYS = {
  'amount-empty': 'validation.required',
  'amount-invalid': 'validation.amountInvalid',
  'amount-ambiguous': 'validation.amountAmbiguous',
  'amount-too-many-decimals': 'validation.amountTooManyDecimals',
  'amount-too-large': 'validation.amountTooLarge',
  'amount-unknown-currency': 'validation.amountInvalid',
} as const

/**
 * Reads a typed amount (pl or en form) into minor units, with SPEC's min/max messages at 2 decimals; every form's
 * amount is within MAX_AMOUNT.
 */
export const checkAmount = (
  text: string,
  env: FormEnv,
  rule: AmountRule = {},
): Result.Result<Minor, FieldError> => {
  const parsed = parseAmount(text, env.currency)
  if (Result.isFailure(parsed)) {
    const key = PARSE_ERROR_KEYS[parsed.failure.code]
    if (key === 'validation.amountTooLarge') return Result.fail(tooLarge(env))
    return Result.fail(
      key === 'validation.amountTooManyDecimals'
        ? { key, params: { decimals: currencyExponent(env.currency) ?? 2 } }
        : { key },
    )
  }
  const value = parsed.success
  if (rule.min !== undefined && value < rule.min)
    return Result.fail({ key: 'validation.min', params: { min: formatBound(rule.min, env) } })
  if (rule.max !== undefined && value > rule.max)
    return Result.fail({ key: 'validation.max', params: { max: formatBound(rule.max, env) } })
  return Result.succeed(value)
}

/** The smallest positive amount: one minor unit (0,01 zł). */
export const ONE_MINOR_UNIT = 1

const DATE_ERROR_KEYS = {
  'date-invalid': 'dates.invalid',
  'date-nonexistent': 'dates.nonexistent',
} as const

/**
 * Reads a typed date (domain/dateText.ts: '26.11.2026', '26/11/2026', …); an impossible one is named in the
 * message ('31.02.2026 nie istnieje.'), a shapeless one gets the language's pattern.
 */
export const checkDate = (text: string): Result.Result<IsoDate, FieldError> => {
  const parsed = parseDateText(text)
  if (Result.isSuccess(parsed)) return Result.succeed(parsed.success)
  const { code, input } = parsed.failure
  return Result.fail(
    code === 'date-empty' ? REQUIRED : { key: DATE_ERROR_KEYS[code], params: { date: input } },
  )
}

/** A date as the user would type it back in their language ('26.11.2026' in pl, '26/11/2026' in en). */
export const dateText = (date: IsoDate, env: FormEnv): string => formatDateText(date, env.locale)

export const NAME_MAX_LENGTH = 200

export const checkName = (text: string): Result.Result<string, FieldError> => {
  const name = text.trim()
  if (name === '') return Result.fail(REQUIRED)
  if (name.length > NAME_MAX_LENGTH)
    return Result.fail({ key: 'validation.maxLength', params: { max: NAME_MAX_LENGTH } })
  return Result.succeed(name)
}

/** The value of a result, recording its error under the field. */
export const take = <T, F>(
  errors: FieldErrors<F>,
  field: keyof F & string,
  result: Result.Result<T, FieldError>,
): T | undefined => {
  if (Result.isSuccess(result)) return result.success
  errors[field] = result.failure
  return undefined
}

/** An amount as the user would type it back: locale decimals, no grouping, no symbol ('1234,50' in pl). */
export const amountText = (amount: number, env: FormEnv): string => {
  const exponent = currencyExponent(env.currency) ?? 2
  const format = new Intl.NumberFormat(env.locale, {
    minimumFractionDigits: exponent,
    maximumFractionDigits: exponent,
    useGrouping: false,
  })
  // As in formatBound: an exact decimal string for Intl.
  return format.format(toDecimalString(amount as Minor, exponent) as `${number}`)
}

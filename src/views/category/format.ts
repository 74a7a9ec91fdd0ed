import { READY_TO_ASSIGN } from '../../../machines/dialogs/shared/moneySource.ts'
import type { MoneyCategory } from '../../../machines/openBudget/selectors/category.ts'
import type { TargetExplanation } from '../../../schemas/budget.ts'
import type { CategoryId } from '../../../schemas/ids.ts'
import type { Choice } from '../../components/dialog/FormDialog.tsx'

// Pure helpers of the category views (tested in tests/unit/category).

/** A period key (YYYYMM) as month and year in the user's locale ('marzec 2027'). */
export const monthText = (period: string, locale: string): string => {
  const year = Number(period.slice(0, 4))
  const month = Number(period.slice(4, 6))
  if (!Number.isInteger(year) || !Number.isInteger(month) || month < 1 || month > 12) return period
  return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month - 1, 1)),
  )
}

const AMOUNT_PARAMS = new Set(['amount', 'assigned', 'underfunded', 'remaining'])

/**
 * The domain's target explanation as an i18n key of this area and its parameters made readable: amounts formatted,
 * the due month spelled out. 'target.DebtPayment.finished' → 'category.target.DebtPayment_finished'.
 */
export const explanationText = (
  explanation: TargetExplanation,
  format: (amount: number) => string,
  locale: string,
): { readonly key: string; readonly params: Record<string, string | number> } => {
  const [, type = '', variant] = explanation.key.split('.')
  const params: Record<string, string | number> = {}
  for (const [name, value] of Object.entries(explanation.params)) {
    if (AMOUNT_PARAMS.has(name) && typeof value === 'number') params[name] = format(value)
    else if (name === 'dueMonth' && typeof value === 'string') params[name] = monthText(value, locale)
    else params[name] = value
  }
  return { key: `category.target.${variant === undefined ? type : `${type}_${variant}`}`, params }
}

/** Choices of categories (and Ready to Assign first when asked) labelled with what each has available. */
export const moneyChoices = (
  categories: ReadonlyArray<MoneyCategory>,
  nameOf: (category: MoneyCategory) => string,
  label: (name: string, amount: number) => string,
  options: {
    readonly readyToAssign?: { readonly name: string; readonly amount: number }
    readonly exclude?: CategoryId
    readonly onlyWithMoney?: boolean
  } = {},
): ReadonlyArray<Choice> => [
  ...(options.readyToAssign === undefined
    ? []
    : [{ id: READY_TO_ASSIGN, label: label(options.readyToAssign.name, options.readyToAssign.amount) }]),
  ...categories
    .filter(
      (category) => category.id !== options.exclude && (!options.onlyWithMoney || category.available > 0),
    )
    .map((category) => ({ id: category.id, label: label(nameOf(category), category.available) })),
]

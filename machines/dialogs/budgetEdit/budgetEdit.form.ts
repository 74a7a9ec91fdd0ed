import { isKnownCurrency } from '../../../domain/currency.ts'
import { starterCommands } from '../../../domain/starterSet.ts'
import { BudgetId, CategoryGroupId, CategoryId } from '../../../schemas/ids.ts'
import type { StarterGroup } from '../../../schemas/ledgerApi.ts'
import type { CurrencyCode } from '../../../schemas/money.ts'
import type { CommandDraft } from '../../openBudget/budget.protocol.ts'
import { type Checked, checkName, type FieldErrors, REQUIRED, take } from '../shared/dialog.validation.ts'

/** The budget modal: a new budget (PLN by default, SPEC §9) or the open one's name and currency. */
export type BudgetEditProps =
  | {
      readonly mode: 'create'
      /** The starter set, named in the person's language, offered to begin with (`starter: 'set'`). */
      readonly starter?: ReadonlyArray<StarterGroup>
    }
  | { readonly mode: 'edit'; readonly name: string; readonly currency: CurrencyCode }
/** A new budget starts with the starter set of categories or with none ('empty'). */
export type StarterChoice = 'set' | 'empty'
export type BudgetEditFields = {
  readonly name: string
  readonly currency: string
  readonly starter: StarterChoice
}
export type BudgetEditValue = {
  readonly name: string
  readonly currency: CurrencyCode
  readonly starter: StarterChoice
}

export const DEFAULT_CURRENCY = 'PLN'

export const initialBudgetFields = (props: BudgetEditProps): BudgetEditFields =>
  props.mode === 'create'
    ? { name: '', currency: DEFAULT_CURRENCY, starter: props.starter === undefined ? 'empty' : 'set' }
    : { name: props.name, currency: props.currency, starter: 'empty' }

export const checkBudget = (fields: BudgetEditFields): Checked<BudgetEditValue, BudgetEditFields> => {
  const errors: FieldErrors<BudgetEditFields> = {}
  const name = take(errors, 'name', checkName(fields.name))
  const code = fields.currency.trim().toUpperCase()
  let currency: CurrencyCode | undefined
  if (code === '') errors.currency = REQUIRED
  else if (isKnownCurrency(code)) currency = code
  else errors.currency = { key: 'validation.currency' }
  if (name === undefined || currency === undefined) return { ok: false, errors }
  return { ok: true, value: { name, currency, starter: fields.starter } }
}

/**
 * Create: one CreateBudget with fresh ids for the budget and its Uncategorized pair. Edit: only what changed
 * (the domain refuses a currency change once money is recorded; the refusal comes back to the dialog).
 */
export const buildBudget = (
  value: BudgetEditValue,
  props: BudgetEditProps,
  newId: () => string,
): ReadonlyArray<CommandDraft> => {
  if (props.mode === 'create')
    return [
      {
        _tag: 'CreateBudget',
        // Fresh opaque ids.
        budgetId: BudgetId.make(newId()),
        name: value.name,
        currency: value.currency,
        uncategorizedGroupId: CategoryGroupId.make(newId()),
        uncategorizedCategoryId: CategoryId.make(newId()),
        incomeCategoryId: CategoryId.make(newId()),
      },
      ...(value.starter === 'set' ? starterCommands(props.starter ?? [], newId) : []),
    ]
  const commands: CommandDraft[] = []
  if (value.name !== props.name) commands.push({ _tag: 'RenameBudget', name: value.name })
  if (value.currency !== props.currency) commands.push({ _tag: 'ChangeCurrency', currency: value.currency })
  return commands
}

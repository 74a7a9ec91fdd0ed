import type { Category, CategoryType, SpendingClass } from '../../../schemas/budget.ts'
import { type CategoryGroupId, CategoryId } from '../../../schemas/ids.ts'
import type { CommandDraft } from '../../openBudget/budget.protocol.ts'
import { type Checked, checkName, type FieldErrors, REQUIRED, take } from '../shared/dialog.validation.ts'

/** 'Dodaj kategorię' in a group, or 'Edytuj kategorię' (its delete variant is the delete confirm dialog). */
export type CategoryEditProps =
  | { readonly mode: 'create'; readonly categoryGroupId: CategoryGroupId }
  | { readonly mode: 'edit'; readonly category: Category }
export type CategoryEditFields = {
  readonly name: string
  readonly type: CategoryType
  readonly spendingClass: SpendingClass | null
}
export type CategoryEditValue = {
  readonly name: string
  readonly type: CategoryType
  readonly spendingClass: SpendingClass
}

export const initialCategoryFields = (props: CategoryEditProps): CategoryEditFields =>
  props.mode === 'create'
    ? { name: '', type: 'Expense', spendingClass: 'Undefined' }
    : { name: props.category.name, type: props.category.type, spendingClass: props.category.spendingClass }

/** Spending classes sort spending: income has none, so its form does not ask (the class stays 'Undefined'). */
export const asksSpendingClass = (type: CategoryType): boolean => type !== 'Income'

export const checkCategory = (fields: CategoryEditFields): Checked<CategoryEditValue, CategoryEditFields> => {
  const errors: FieldErrors<CategoryEditFields> = {}
  const name = take(errors, 'name', checkName(fields.name))
  const spendingClass = asksSpendingClass(fields.type) ? fields.spendingClass : 'Undefined'
  if (spendingClass === null) errors.spendingClass = REQUIRED
  if (name === undefined || spendingClass === null) return { ok: false, errors }
  return { ok: true, value: { name, type: fields.type, spendingClass } }
}

/** Create makes one command; edit sends only what changed (the type of an existing category stays). */
export const buildCategory = (
  value: CategoryEditValue,
  props: CategoryEditProps,
  newId: () => string,
): ReadonlyArray<CommandDraft> => {
  if (props.mode === 'create')
    return [
      {
        _tag: 'CreateCategory',
        // A fresh opaque id for the new category.
        categoryId: CategoryId.make(newId()),
        categoryGroupId: props.categoryGroupId,
        name: value.name,
        type: value.type,
        spendingClass: value.spendingClass,
      },
    ]
  const { category } = props
  const commands: CommandDraft[] = []
  if (value.name !== category.name)
    commands.push({ _tag: 'RenameCategory', categoryId: category.id, name: value.name })
  if (asksSpendingClass(category.type) && value.spendingClass !== category.spendingClass)
    commands.push({
      _tag: 'SetCategorySpendingClass',
      categoryId: category.id,
      spendingClass: value.spendingClass,
    })
  return commands
}

import type { CategoryType, SpendingClass } from '../schemas/budget.ts'
import type { OpenBudgetCommandDraft } from '../schemas/budgetCommands.ts'
import { CategoryGroupId, CategoryId } from '../schemas/ids.ts'
import type { StarterGroup } from '../schemas/ledgerApi.ts'

/**
 * The starter set a new budget may begin with (issue 27 §2): groups and categories a Polish household usually
 * needs, each with its spending class. Names are keys: the app names them in the person's language
 * (`budgets.starter.*` texts) and sends the names; the API takes any names.
 */
export type StarterCategoryKey = {
  readonly key: string
  readonly type: CategoryType
  readonly spendingClass: SpendingClass
}
export type StarterGroupKey = { readonly key: string; readonly categories: ReadonlyArray<StarterCategoryKey> }

const expense = (key: string, spendingClass: SpendingClass): StarterCategoryKey => ({
  key,
  type: 'Expense',
  spendingClass,
})

export const starterSet: ReadonlyArray<StarterGroupKey> = [
  {
    key: 'bills',
    categories: [expense('rent', 'Housing'), expense('energy', 'Housing'), expense('internet', 'Housing')],
  },
  {
    key: 'everyday',
    categories: [expense('food', 'Food'), expense('transport', 'Transport'), expense('health', 'Self')],
  },
  { key: 'fun', categories: [expense('entertainment', 'Fun'), expense('restaurants', 'Fun')] },
  {
    key: 'goals',
    categories: [
      { key: 'emergencyFund', type: 'Saving', spendingClass: 'Savings' },
      { key: 'holidays', type: 'Saving', spendingClass: 'Savings' },
    ],
  },
]

type StarterDraft =
  | Extract<OpenBudgetCommandDraft, { _tag: 'CreateCategoryGroup' }>
  | Extract<OpenBudgetCommandDraft, { _tag: 'CreateCategory' }>

/** The commands that make a starter set in a new budget, with fresh ids from `newId`. */
export const starterCommands = (
  groups: ReadonlyArray<StarterGroup>,
  newId: () => string,
): ReadonlyArray<StarterDraft> =>
  groups.flatMap((group): StarterDraft[] => {
    const categoryGroupId = CategoryGroupId.make(newId())
    return [
      { _tag: 'CreateCategoryGroup', categoryGroupId, name: group.name },
      ...group.categories.map(
        (category): StarterDraft => ({
          _tag: 'CreateCategory',
          categoryId: CategoryId.make(newId()),
          categoryGroupId,
          name: category.name,
          type: category.type,
          ...(category.spendingClass === undefined ? {} : { spendingClass: category.spendingClass }),
        }),
      ),
    ]
  })

/**
 * The starter set the commands after a CreateBudget make (the inverse of `starterCommands`), or undefined when one
 * of them is anything else or names a group made elsewhere.
 */
export const starterOfCommands = (
  drafts: ReadonlyArray<OpenBudgetCommandDraft | { readonly _tag: string }>,
): ReadonlyArray<StarterGroup> | undefined => {
  const groups: { id: string; name: string; categories: StarterGroup['categories'][number][] }[] = []
  for (const draft of drafts) {
    if (draft._tag === 'CreateCategoryGroup' && 'categoryGroupId' in draft && 'name' in draft) {
      groups.push({ id: String(draft.categoryGroupId), name: String(draft.name), categories: [] })
      continue
    }
    if (draft._tag !== 'CreateCategory' || !('type' in draft)) return undefined
    const category = draft as Extract<OpenBudgetCommandDraft, { _tag: 'CreateCategory' }>
    const group = groups.find((candidate) => candidate.id === category.categoryGroupId)
    if (group === undefined) return undefined
    group.categories.push({
      name: category.name,
      type: category.type,
      ...(category.spendingClass === undefined ? {} : { spendingClass: category.spendingClass }),
    })
  }
  return groups.map(({ name, categories }) => ({ name, categories }))
}

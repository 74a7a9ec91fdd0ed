import type { ActorRefFrom, SnapshotFrom } from 'xstate'
import { isSystemCategory } from '../../../domain/state.ts'
import type { Transaction } from '../../../schemas/budget.ts'
import type { CategoryId } from '../../../schemas/ids.ts'
import type { Minor } from '../../../schemas/money.ts'
import { refusalMessageKey } from '../../openBudget/budget.protocol.ts'
import type { AccountWithBalance, GroupWithCategories } from '../../openBudget/budget.selectors.ts'
import type { deleteConfirmMachine } from '../deleteConfirm/deleteConfirm.machine.ts'
import type { transferCategoryMachine } from '../transferCategory/transferCategory.machine.ts'
import { inTrackingAccount, payeeSuggestions, splitRemainder } from './transactionEditor.form.ts'
import type { transactionEditorMachine } from './transactionEditor.machine.ts'
import type { transactionFormMachine } from './transactionForm.machine.ts'

type EditorSnapshot = SnapshotFrom<typeof transactionEditorMachine>
type FormSnapshot = SnapshotFrom<typeof transactionFormMachine>

export type TransactionFormRef = ActorRefFrom<typeof transactionFormMachine>
export type DeleteConfirmRef = ActorRefFrom<typeof deleteConfirmMachine>
export type TransferCategoryRef = ActorRefFrom<typeof transferCategoryMachine>

// ——— The editor (its lifecycle) ———

/** Which screen the editor shows. */
export type EditorScreen = 'loading' | 'missing' | 'form' | 'transfer' | 'closed'

export const selectEditorScreen = (snapshot: EditorSnapshot): EditorScreen =>
  snapshot.status === 'done'
    ? 'closed'
    : snapshot.matches('editing')
      ? 'form'
      : snapshot.matches('transfer')
        ? 'transfer'
        : snapshot.matches('missing')
          ? 'missing'
          : 'loading'

/** The form's actor while the form is open. */
export const selectFormRef = (snapshot: EditorSnapshot): TransactionFormRef | undefined =>
  snapshot.children.form

/** SPEC's delete confirm while it is open. */
export const selectDeleteConfirmRef = (snapshot: EditorSnapshot): DeleteConfirmRef | undefined =>
  snapshot.children.deleteConfirm

/** The transaction as the budget holds it now (edit and transfer); null when adding. */
export const selectEditedTransaction = (snapshot: EditorSnapshot): Transaction | null =>
  snapshot.context.transaction

export const selectIsAdding = (snapshot: EditorSnapshot): boolean => snapshot.context.props?.mode === 'add'

/** A reconciled transaction can be edited, with a word of warning. */
export const selectIsReconciled = (snapshot: EditorSnapshot): boolean =>
  snapshot.context.transaction?.reconciled === true

type UsedCategory = { readonly categoryId: CategoryId }
const NOTHING_USED: ReadonlyArray<UsedCategory> = []

/** The splits the edited transaction had when the editor opened (their categories are offered even when hidden). */
export const selectOriginalSplits = (snapshot: EditorSnapshot): ReadonlyArray<UsedCategory> =>
  snapshot.context.props?.mode === 'edit' ? snapshot.context.props.transaction.splits : NOTHING_USED

/** The category dialog of a transfer across the budget's edge while it is open. */
export const selectTransferCategoryRef = (snapshot: EditorSnapshot): TransferCategoryRef | undefined =>
  snapshot.children.transferCategory

export const selectCanDelete = (snapshot: EditorSnapshot): boolean => snapshot.context.transaction !== null

// ——— The form ———

export const selectTransactionFields = (snapshot: FormSnapshot) => snapshot.context.fields
export const selectTransactionErrors = (snapshot: FormSnapshot) => snapshot.context.errors
export const selectPayeeSuggestions = (snapshot: FormSnapshot): string[] =>
  payeeSuggestions(snapshot.context.fields.payee, snapshot.context.props.payees, snapshot.context.env.locale)
/** What the splits still lack; shown only with several splits and while something is left. */
export const selectSplitRemainder = (snapshot: FormSnapshot): Minor | null => {
  if (snapshot.context.fields.splits.length <= 1) return null
  const remainder = splitRemainder(snapshot.context.fields, snapshot.context.env)
  return remainder === null || remainder === 0 ? null : remainder
}
/** The chosen account is a tracking (off-budget) one: the form shows no category, a note instead. */
export const selectInTrackingAccount = (snapshot: FormSnapshot): boolean =>
  inTrackingAccount(snapshot.context.fields, snapshot.context.props.trackingAccountIds)
export const selectHasSeveralSplits = (snapshot: FormSnapshot): boolean =>
  snapshot.context.fields.splits.length > 1
export const selectCanRemoveSplit = (snapshot: FormSnapshot): boolean =>
  snapshot.can({ type: 'split.remove', index: 0 })
export const selectTransactionRefusalKey = (snapshot: FormSnapshot): string | null =>
  snapshot.context.refusal === null ? null : refusalMessageKey(snapshot.context.refusal)
export const selectIsSubmittingTransaction = (snapshot: FormSnapshot): boolean =>
  snapshot.matches('submitting')

// ——— What the form offers, from the budget (pure) ———

export type Choice = { readonly id: string; readonly label: string; readonly description?: string }

/** Active accounts, and the transaction's own even when closed. */
export const accountChoices = (
  accounts: ReadonlyArray<AccountWithBalance>,
  selected: string | null,
): ReadonlyArray<Choice> =>
  accounts
    .filter(({ account }) => account.state === 'Active' || account.id === selected)
    .map(({ account }) => ({ id: account.id, label: account.name }))

/** What choosing each system category does, in the person's words (keys of the view's texts). */
export type SystemChoiceTexts = { readonly readyToAssign: string; readonly uncategorized: string }

/**
 * Visible categories, and hidden ones only when the transaction already uses them. The system ones come first and
 * say what they do: 'Do przydzielenia' (an inflow to give jobs to), then 'Bez kategorii' (to sort later).
 */
export const categoryChoices = (
  groups: ReadonlyArray<GroupWithCategories>,
  usedBy: ReadonlyArray<UsedCategory>,
  nameOf: (category: GroupWithCategories['categories'][number]) => string,
  explain: SystemChoiceTexts,
): ReadonlyArray<Choice> => {
  const used = new Set<string>(usedBy.map((split) => split.categoryId))
  const shown = groups.flatMap(({ categories }) =>
    categories.filter((category) => !category.hidden || used.has(category.id)),
  )
  const system = shown
    .filter(isSystemCategory)
    .sort((a, b) => (a.type === b.type ? 0 : a.type === 'Income' ? -1 : 1))
    .map((category) => ({
      id: category.id,
      label: nameOf(category),
      description: category.type === 'Income' ? explain.readyToAssign : explain.uncategorized,
    }))
  const own = shown
    .filter((category) => !isSystemCategory(category))
    .map((category) => ({ id: category.id, label: nameOf(category) }))
  return [...system, ...own]
}

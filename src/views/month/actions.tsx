import { createContext, type ReactNode, useCallback, useContext, useMemo } from 'react'
import type { CommandDraft } from '../../../machines/openBudget/index.ts'
import { selectMonthModel } from '../../../machines/openBudget/selectors/month.ts'
import { categoryReorder, groupReorder } from '../../../machines/openBudget/selectors/reorder.ts'
import type { CategoryGroupId, CategoryId } from '../../../schemas/ids.ts'
import type { PeriodKey } from '../../../schemas/money.ts'
import { useBudgetRef, usePermissions } from '../../openBudget/OpenBudget.tsx'
import type { StructureDialog } from '../dialogs/address.ts'
import { useOpenDialog } from '../dialogs/useDialog.ts'

export type { StructureDialog } from '../dialogs/address.ts'

/** What rows may do; stable for the life of the view, so memoised rows never re-render because of it. */
export type MonthActions = {
  readonly budgetId: string
  readonly periodKey: PeriodKey
  /** False for a reader: rows show figures only (usePermissions; the shell's banner says why). */
  readonly canEdit: boolean
  readonly send: (commands: ReadonlyArray<CommandDraft>) => void
  readonly open: (dialog: StructureDialog) => void
  /** Desktop: show the category in the side column; phones: open its route. */
  readonly select: (categoryId: CategoryId) => void
  /** Among the rows shown in its group; hidden ones keep their places. */
  readonly moveCategory: (categoryId: CategoryId, direction: 'up' | 'down') => void
  readonly moveGroup: (groupId: CategoryGroupId, direction: 'up' | 'down') => void
}

const MonthActionsContext = createContext<MonthActions | null>(null)

export const useMonthActions = (): MonthActions => {
  const actions = useContext(MonthActionsContext)
  if (actions === null) throw new Error('useMonthActions outside <MonthActionsProvider>')
  return actions
}

export function MonthActionsProvider({
  budgetId,
  periodKey,
  showHidden,
  onSelect,
  children,
}: {
  readonly budgetId: string
  readonly periodKey: PeriodKey
  readonly showHidden: boolean
  readonly onSelect: (categoryId: CategoryId) => void
  readonly children: ReactNode
}) {
  const budget = useBudgetRef()
  const openDialog = useOpenDialog()
  const { canEdit } = usePermissions()
  const send = useCallback(
    (commands: ReadonlyArray<CommandDraft>) => {
      if (commands.length > 0) budget.send({ type: 'budget.command', commands })
    },
    [budget],
  )
  const open = useCallback((dialog: StructureDialog) => openDialog(dialog), [openDialog])
  const moveCategory = useCallback(
    (categoryId: CategoryId, direction: 'up' | 'down') => {
      // Read at the moment of the action, so rows need not carry their group's order.
      const model = selectMonthModel(budget.getSnapshot(), periodKey, showHidden)
      const next = categoryReorder(model, categoryId, direction)
      if (next !== null)
        send([{ _tag: 'ReorderCategories', categoryGroupId: next.groupId, categoryIds: next.categoryIds }])
    },
    [budget, periodKey, showHidden, send],
  )
  const moveGroup = useCallback(
    (groupId: CategoryGroupId, direction: 'up' | 'down') => {
      const next = groupReorder(
        selectMonthModel(budget.getSnapshot(), periodKey, showHidden),
        groupId,
        direction,
      )
      if (next !== null) send([{ _tag: 'ReorderCategoryGroups', categoryGroupIds: next }])
    },
    [budget, periodKey, showHidden, send],
  )
  const value = useMemo(
    () => ({ budgetId, periodKey, canEdit, send, open, select: onSelect, moveCategory, moveGroup }),
    [budgetId, periodKey, canEdit, send, open, onSelect, moveCategory, moveGroup],
  )
  return <MonthActionsContext.Provider value={value}>{children}</MonthActionsContext.Provider>
}

import * as Result from 'effect/Result'
import { lazy, memo, Suspense, useId, useState } from 'react'
import { Button, type Key } from 'react-aria-components'
import {
  amountText,
  checkAmount,
  type FieldError as Problem,
} from '../../../machines/dialogs/shared/index.ts'
import type { AvailableStatus, MonthGroup, MonthRow } from '../../../machines/openBudget/selectors/month.ts'
import type { CategoryGroupId } from '../../../schemas/ids.ts'
import type { CurrencyCode } from '../../../schemas/money.ts'
import { Money, useFormatAmount } from '../../components/money/Money.tsx'
import { selectAllOnEntry } from '../../components/money/selectAllOnFocus.ts'
import { useSharedTranslation } from '../../i18n/SharedTranslation.tsx'
import { READ_ONLY_REASON_ID } from '../../layouts/openBudgetAccess.ts'
import { useMonthActions } from './actions.tsx'
import { CheckIcon, EmptyIcon, HalfIcon, MoreIcon, PlusIcon, WarningIcon } from './icons.tsx'
import type { RowMenuProps } from './RowMenuOpen.tsx'

const STATUS_ICONS: Record<AvailableStatus, () => React.JSX.Element> = {
  overspent: WarningIcon,
  zero: EmptyIcon,
  funded: CheckIcon,
  underfunded: HalfIcon,
}

/** Available, signed and coloured, with a status word and icon (never colour alone). */
export const AvailableAmount = memo(function AvailableAmount({
  row,
  currency,
}: {
  readonly row: MonthRow
  readonly currency: CurrencyCode
}) {
  const { t } = useSharedTranslation()
  const format = useFormatAmount(currency)
  const StatusIcon = STATUS_ICONS[row.status]
  return (
    <span className="available" data-status={row.status}>
      <Money amount={row.available} currency={currency} className="available__amount" />
      <span className="available__status">
        <StatusIcon />
        {t(`budgetView.status.${row.status}`, { amount: format(row.underfunded) })}
      </span>
    </span>
  )
})

/**
 * The assigned amount as a text field in the row: Enter or leaving the field assigns, Escape puts the amount
 * back; bad text shows the form's message under the field and assigns nothing.
 */
export function AssignedField({
  row,
  name,
  currency,
}: {
  readonly row: MonthRow
  readonly name: string
  readonly currency: CurrencyCode
}) {
  const { t, locale } = useSharedTranslation()
  const { send, periodKey, canEdit } = useMonthActions()
  const env = { currency, locale }
  const [draft, setDraft] = useState<string | null>(null)
  const [problem, setProblem] = useState<Problem | null>(null)
  const restore = () => {
    setDraft(null)
    setProblem(null)
  }
  const commit = () => {
    if (draft === null || !canEdit) return
    const checked = checkAmount(draft, env)
    if (Result.isFailure(checked)) {
      setProblem(checked.failure)
      return
    }
    restore()
    if (checked.success !== row.assigned)
      send([{ _tag: 'SetAssigned', periodKey, categoryId: row.id, value: checked.success }])
  }
  const errorId = useId()
  // A plain input: a month has a hundred of these, and react-aria's TextField costs more per row than it adds here.
  return (
    <span className="assigned-field">
      <input
        className="field__input assigned-field__input"
        aria-label={t('budgetView.table.assignedFor', { name })}
        aria-invalid={problem === null ? undefined : true}
        // A reader sees (and can select and copy) the amount; the banner's text says why it cannot change.
        aria-describedby={problem === null ? (canEdit ? undefined : READ_ONLY_REASON_ID) : errorId}
        readOnly={!canEdit}
        inputMode="decimal"
        value={draft ?? amountText(row.assigned, env)}
        onChange={(event) => {
          setDraft(event.target.value)
          setProblem(null)
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commit()
          else if (event.key === 'Escape') restore()
        }}
        {...selectAllOnEntry}
        onBlur={commit}
      />
      {problem === null ? null : (
        <span id={errorId} className="field__error" role="alert">
          {t(problem.key, problem.params ?? {})}
        </span>
      )}
    </span>
  )
}

// The open menu (react-aria's collection, selection and overlay code) is not needed to draw a month: it loads when a
// row's button is first hovered, focused or pressed, and a press opens it as soon as it has arrived.
const loadRowMenu = () => import('./RowMenuOpen.tsx')
const RowMenuOpen = lazy(loadRowMenu)
const preloadRowMenu = () => {
  void loadRowMenu()
}

/**
 * A row's "more" button: a plain button until pressed, then react-aria's menu, opened. A month renders a hundred
 * of these; mounting a MenuTrigger for each one costs more than the whole rest of the row.
 */
function RowMenu(props: RowMenuProps) {
  const [mounted, setMounted] = useState(false)
  const standIn = (
    <button
      type="button"
      className="icon-button row-menu"
      aria-label={props.label}
      aria-haspopup="menu"
      aria-expanded={false}
      onMouseEnter={preloadRowMenu}
      onFocus={preloadRowMenu}
      onClick={() => setMounted(true)}
      onKeyDown={(event) => {
        if (event.key === 'ArrowDown' || event.key === 'ArrowUp') setMounted(true)
      }}
    >
      <MoreIcon />
    </button>
  )
  if (!mounted) return standIn
  return (
    <Suspense fallback={standIn}>
      <RowMenuOpen {...props} />
    </Suspense>
  )
}

/** Rename, hide or unhide, move up or down, delete: everything one category row offers. */
export const CategoryMenu = memo(function CategoryMenu({
  row,
  name,
}: {
  readonly row: MonthRow
  readonly name: string
}) {
  const { t } = useSharedTranslation()
  const { open, send, moveCategory, canEdit } = useMonthActions()
  if (!canEdit) return null
  const disabled: Key[] = []
  if (row.isFirst) disabled.push('moveUp')
  if (row.isLast) disabled.push('moveDown')
  const act = (key: Key) => {
    switch (key) {
      case 'rename':
        open({ kind: 'editCategory', groupId: row.groupId, categoryId: row.id })
        break
      case 'hide':
        send([{ _tag: 'SetCategoryHidden', categoryId: row.id, hidden: !row.hidden }])
        break
      case 'moveUp':
        moveCategory(row.id, 'up')
        break
      case 'moveDown':
        moveCategory(row.id, 'down')
        break
      case 'delete':
        open({ kind: 'deleteCategory', groupId: row.groupId, categoryId: row.id })
        break
    }
  }
  return (
    <RowMenu
      label={t('budgetView.actions.category', { name })}
      disabledKeys={disabled}
      onAction={act}
      actions={() => [
        { id: 'rename', text: t('budgetView.actions.rename') },
        { id: 'hide', text: t(row.hidden ? 'budgetView.actions.unhide' : 'budgetView.actions.hide') },
        { id: 'moveUp', text: t('budgetView.actions.moveUp') },
        { id: 'moveDown', text: t('budgetView.actions.moveDown') },
        { id: 'delete', text: t('budgetView.actions.delete') },
      ]}
    />
  )
})

/** Add a category, rename, hide or unhide, move up or down, delete: what a group header offers. */
export const GroupMenu = memo(function GroupMenu({ group }: { readonly group: MonthGroup }) {
  const { t } = useSharedTranslation()
  const { open, send, moveGroup, canEdit } = useMonthActions()
  if (!canEdit) return null
  const disabled: Key[] = []
  if (group.isFirst) disabled.push('moveUp')
  if (group.isLast) disabled.push('moveDown')
  const act = (key: Key) => {
    switch (key) {
      case 'addCategory':
        open({ kind: 'addCategory', groupId: group.id })
        break
      case 'rename':
        open({ kind: 'renameGroup', groupId: group.id })
        break
      case 'hide':
        send([{ _tag: 'SetCategoryGroupHidden', categoryGroupId: group.id, hidden: !group.hidden }])
        break
      case 'moveUp':
        moveGroup(group.id, 'up')
        break
      case 'moveDown':
        moveGroup(group.id, 'down')
        break
      case 'delete':
        open({ kind: 'deleteGroup', groupId: group.id })
        break
    }
  }
  return (
    <RowMenu
      label={t('budgetView.actions.group', { name: group.name })}
      disabledKeys={disabled}
      onAction={act}
      actions={() => [
        { id: 'addCategory', text: t('budgetView.actions.addCategory') },
        { id: 'rename', text: t('budgetView.actions.rename') },
        { id: 'hide', text: t(group.hidden ? 'budgetView.actions.unhide' : 'budgetView.actions.hide') },
        { id: 'moveUp', text: t('budgetView.actions.moveUp') },
        { id: 'moveDown', text: t('budgetView.actions.moveDown') },
        { id: 'delete', text: t('budgetView.actions.deleteGroup') },
      ]}
    />
  )
})

/**
 * A group's own "add a category" button beside its menu, whatever the group holds: the empty group's inline button
 * goes once the first category exists, and the menu alone hid the action from a newcomer.
 */
export const GroupActions = memo(function GroupActions({ group }: { readonly group: MonthGroup }) {
  const { t } = useSharedTranslation()
  const { open, canEdit } = useMonthActions()
  const label = t('budgetView.actions.addCategoryTo', { name: group.name })
  if (!canEdit) return null
  return (
    <span className="group-actions">
      <Button
        className="icon-button row-menu"
        aria-label={label}
        onPress={() => open({ kind: 'addCategory', groupId: group.id })}
      >
        <PlusIcon />
      </Button>
      <GroupMenu group={group} />
    </span>
  )
})

export function HiddenBadge() {
  const { t } = useSharedTranslation()
  return <span className="badge">{t('budgetView.table.hiddenBadge')}</span>
}

/** A group without categories says so and offers to add the first (list and table alike). */
export function AddFirstCategory({ groupId }: { readonly groupId: CategoryGroupId }) {
  const { t } = useSharedTranslation()
  const { open, canEdit } = useMonthActions()
  return (
    <>
      {t('budgetView.table.noCategories')}
      {canEdit ? (
        <Button className="button button--quiet" onPress={() => open({ kind: 'addCategory', groupId })}>
          <PlusIcon />
          {t('budgetView.addCategory')}
        </Button>
      ) : null}
    </>
  )
}

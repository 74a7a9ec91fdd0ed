import { useActorRef } from '@xstate/react'
import { useMemo, useState } from 'react'
import { Button } from 'react-aria-components'
import { useTranslation } from 'react-i18next'
import { selectGroups } from '../../../machines/budget/index.ts'
import {
  type CategoryChoice,
  selectCategory,
  selectCategoryChoices,
  selectGroup,
} from '../../../machines/budget/selectors/month.ts'
import { type CategoryEditProps, categoryEditMachine } from '../../../machines/dialogs/categoryEdit/index.ts'
import {
  type DeleteConfirmProps,
  deleteConfirmMachine,
} from '../../../machines/dialogs/deleteConfirm/index.ts'
import { type GroupEditProps, groupEditMachine } from '../../../machines/dialogs/groupEdit/index.ts'
import type { Category, CategoryGroup } from '../../../schemas/budget.ts'
import { CategoryType, SpendingClass } from '../../../schemas/budget.ts'
import type { CategoryGroupId, CategoryId } from '../../../schemas/ids.ts'
import { useBudget, useDialogEnv } from '../../budget/OpenBudget.tsx'
import { DialogSelectField, DialogTextField, FormDialog } from '../../components/dialog/FormDialog.tsx'
import type { StructureDialog } from './actions.tsx'
import { useCategoryName } from './names.ts'

type Closable = { readonly onClosed: () => void }

/**
 * The entity as the dialog opened on it: a dialog's actor keeps its first props, and the entity going away once
 * the dialog deleted it must not swap the closing dialog for a 'gone' notice.
 */
const useFirst = <T,>(value: T): T => useState(value)[0]

/** The entity went away (deleted elsewhere) or never existed: say so instead of an empty form. */
function Gone({ onClosed }: Closable) {
  const { t } = useTranslation()
  return (
    <div className="notice notice--error" role="alert">
      <p>{t('budgetView.form.notFound')}</p>
      <Button className="button button--quiet" onPress={onClosed}>
        {t('dialog.cancel')}
      </Button>
    </div>
  )
}

function GroupForm({ props, onClosed }: Closable & { readonly props: GroupEditProps }) {
  const { t } = useTranslation()
  const env = useDialogEnv()
  const actor = useActorRef(groupEditMachine, { input: { ...env, props } })
  return (
    <FormDialog
      actor={actor}
      title={t(props.mode === 'create' ? 'budgetView.addGroupTitle' : 'budgetView.editGroupTitle')}
      submitLabel={t(props.mode === 'create' ? 'budgetView.form.add' : 'budgetView.form.save')}
      onClosed={onClosed}
    >
      <DialogTextField actor={actor} field="name" label={t('budgetView.form.groupName')} autoFocus />
    </FormDialog>
  )
}

/** 'Dodaj grupę' without a group, rename with one. */
export function GroupEditDialog({ groupId, onClosed }: Closable & { readonly groupId?: CategoryGroupId }) {
  const group = useFirst(
    useBudget((snapshot) => (groupId === undefined ? null : selectGroup(snapshot, groupId))),
  )
  if (groupId === undefined) return <GroupForm props={{ mode: 'create' }} onClosed={onClosed} />
  if (group === null) return <Gone onClosed={onClosed} />
  return <GroupForm props={{ mode: 'edit', group }} onClosed={onClosed} />
}

function CategoryForm({ props, onClosed }: Closable & { readonly props: CategoryEditProps }) {
  const { t } = useTranslation()
  const env = useDialogEnv()
  const actor = useActorRef(categoryEditMachine, { input: { ...env, props } })
  const types = useMemo(
    () => CategoryType.literals.map((type) => ({ id: type, label: t(`budgetView.types.${type}`) })),
    [t],
  )
  const classes = useMemo(
    () =>
      SpendingClass.literals.map((value) => ({ id: value, label: t(`budgetView.spendingClasses.${value}`) })),
    [t],
  )
  return (
    <FormDialog
      actor={actor}
      title={t(props.mode === 'create' ? 'budgetView.addCategory' : 'budgetView.editCategory')}
      submitLabel={t(props.mode === 'create' ? 'budgetView.form.add' : 'budgetView.form.save')}
      onClosed={onClosed}
    >
      <DialogTextField actor={actor} field="name" label={t('budgetView.form.categoryName')} autoFocus />
      {props.mode === 'create' ? (
        <DialogSelectField actor={actor} field="type" label={t('budgetView.form.type')} choices={types} />
      ) : null}
      <DialogSelectField
        actor={actor}
        field="spendingClass"
        label={t('budgetView.form.spendingClass')}
        choices={classes}
      />
    </FormDialog>
  )
}

/** 'Dodaj kategorię' in a group, or 'Edytuj kategorię'. */
export function CategoryEditDialog({
  groupId,
  categoryId,
  onClosed,
}: Closable & { readonly groupId: CategoryGroupId; readonly categoryId?: CategoryId }) {
  const group = useFirst(useBudget((snapshot) => selectGroup(snapshot, groupId)))
  const category = useFirst(
    useBudget((snapshot) => (categoryId === undefined ? null : selectCategory(snapshot, categoryId))),
  )
  if (group === null) return <Gone onClosed={onClosed} />
  if (categoryId === undefined)
    return <CategoryForm props={{ mode: 'create', categoryGroupId: groupId }} onClosed={onClosed} />
  if (category === null) return <Gone onClosed={onClosed} />
  return <CategoryForm props={{ mode: 'edit', category }} onClosed={onClosed} />
}

function DeleteForm({
  props,
  title,
  body,
  onClosed,
}: Closable & { readonly props: DeleteConfirmProps; readonly title: string; readonly body: string }) {
  const { t } = useTranslation()
  const env = useDialogEnv()
  const actor = useActorRef(deleteConfirmMachine, { input: { ...env, props } })
  const all = useBudget(selectCategoryChoices)
  const nameOf = useCategoryName()
  const doomed =
    props.kind === 'category' ? [props.categoryId] : props.kind === 'group' ? props.categoryIds : []
  const choices = all
    .filter((choice: CategoryChoice) => !doomed.includes(choice.id))
    .map((choice) => ({ id: choice.id, label: nameOf(choice) }))
  return (
    <FormDialog
      actor={actor}
      title={title}
      submitLabel={t('budgetView.form.delete')}
      onClosed={onClosed}
      destructive
    >
      <p>{body}</p>
      <DialogSelectField
        actor={actor}
        field="moveToCategoryId"
        label={t('budgetView.form.moveTo')}
        choices={choices}
      />
    </FormDialog>
  )
}

/** Deletes a category, its money and transactions going to a category the user picks. */
export function DeleteCategoryDialog({
  categoryId,
  onClosed,
}: Closable & { readonly categoryId: CategoryId }) {
  const { t } = useTranslation()
  const category: Category | null = useFirst(useBudget((snapshot) => selectCategory(snapshot, categoryId)))
  const nameOf = useCategoryName()
  if (category === null) return <Gone onClosed={onClosed} />
  return (
    <DeleteForm
      props={{ kind: 'category', categoryId }}
      title={t('budgetView.deleteCategory')}
      body={t('budgetView.form.deleteCategoryBody', { name: nameOf(category) })}
      onClosed={onClosed}
    />
  )
}

/** Deletes a group with its categories, their money and transactions going to a category the user picks. */
export function DeleteGroupDialog({ groupId, onClosed }: Closable & { readonly groupId: CategoryGroupId }) {
  const { t } = useTranslation()
  const group: CategoryGroup | null = useFirst(useBudget((snapshot) => selectGroup(snapshot, groupId)))
  const entry = useFirst(
    useBudget((snapshot) => selectGroups(snapshot).find((item) => item.group.id === groupId) ?? null),
  )
  const categoryIds = useMemo(() => entry?.categories.map((category) => category.id) ?? [], [entry])
  if (group === null) return <Gone onClosed={onClosed} />
  return (
    <DeleteForm
      props={{
        kind: 'group',
        categoryGroupId: groupId,
        categoryIds,
      }}
      title={t('budgetView.deleteGroupTitle')}
      body={t('budgetView.form.deleteGroupBody', { name: group.name })}
      onClosed={onClosed}
    />
  )
}

/** The desktop's open structure dialog, if any. */
export function StructureDialogHost({
  dialog,
  onClosed,
}: Closable & { readonly dialog: StructureDialog | null }) {
  if (dialog === null) return null
  switch (dialog.kind) {
    case 'addGroup':
      return <GroupEditDialog onClosed={onClosed} />
    case 'renameGroup':
      return <GroupEditDialog groupId={dialog.groupId} onClosed={onClosed} />
    case 'deleteGroup':
      return <DeleteGroupDialog groupId={dialog.groupId} onClosed={onClosed} />
    case 'addCategory':
      return <CategoryEditDialog groupId={dialog.groupId} onClosed={onClosed} />
    case 'editCategory':
      return (
        <CategoryEditDialog groupId={dialog.groupId} categoryId={dialog.categoryId} onClosed={onClosed} />
      )
    case 'deleteCategory':
      return <DeleteCategoryDialog categoryId={dialog.categoryId} onClosed={onClosed} />
  }
}

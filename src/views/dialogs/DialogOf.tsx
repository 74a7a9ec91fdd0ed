import { Suspense } from 'react'
import { selectAccountWithBalance } from '../../../machines/openBudget/selectors/accounts.ts'
import type { BankAccountId, CategoryId } from '../../../schemas/ids.ts'
import type { PeriodKey } from '../../../schemas/money.ts'
import { useBudget, usePermissions } from '../../openBudget/OpenBudget.tsx'
import type { DialogAddress } from './address.ts'
import * as Dialogs from './lazyDialogs.ts'
import type { OpenDialog } from './useDialog.ts'

type Props = {
  readonly address: DialogAddress
  readonly periodKey: PeriodKey
  readonly onClosed: () => void
  readonly onOpen: OpenDialog
  /** What the screen under the dialog narrows to (the transaction list's account/category): a new one starts there. */
  readonly context?: {
    readonly bankAccountId?: BankAccountId | undefined
    readonly categoryId?: CategoryId | undefined
  }
}

/** The dialog at an address, inside the open budget: one place that knows which view each address shows. */
export function DialogOf(props: Props) {
  // Every dialog but the assignment history writes: a reader who follows an address to one (a shared link, the
  // back button) stays on the screen under it, whose banner says why.
  const { canEdit } = usePermissions()
  if (!canEdit && props.address.kind !== 'assignmentHistory') return null
  return (
    <Suspense fallback={null}>
      <DialogAt {...props} />
    </Suspense>
  )
}

function DialogAt({ address, periodKey, onClosed, onOpen, context }: Props) {
  switch (address.kind) {
    case 'assign':
      return (
        <Dialogs.AssignMoneyDialog
          periodKey={periodKey}
          categoryId={address.categoryId}
          onClosed={onClosed}
        />
      )
    case 'autoAssign':
      return <Dialogs.AutoAssignDialog periodKey={periodKey} onClosed={onClosed} />
    case 'assignmentHistory':
      return <Dialogs.AssignmentHistoryDialog periodKey={periodKey} onClosed={onClosed} />
    case 'moveMoney':
      return <Dialogs.MoveMoneyDialog periodKey={periodKey} from={address.categoryId} onClosed={onClosed} />
    case 'cover':
      return (
        <Dialogs.CoverOverspendingDialog
          periodKey={periodKey}
          categoryId={address.categoryId}
          onClosed={onClosed}
        />
      )
    case 'target':
      return (
        <Dialogs.TargetDialog periodKey={periodKey} categoryId={address.categoryId} onClosed={onClosed} />
      )
    case 'moveCategory':
      return <Dialogs.MoveCategoryDialog categoryId={address.categoryId} onClosed={onClosed} />
    case 'moveTransactions':
      return (
        <Dialogs.MoveTransactionsDialog
          periodKey={periodKey}
          categoryId={address.categoryId}
          onClosed={onClosed}
        />
      )
    case 'transaction': {
      const { transactionId } = address
      const categoryId = transactionId === undefined ? (address.categoryId ?? context?.categoryId) : undefined
      const bankAccountId = transactionId === undefined ? context?.bankAccountId : undefined
      return (
        <Dialogs.TransactionEditorDialog
          onClosed={onClosed}
          {...(transactionId === undefined ? {} : { transactionId })}
          {...(categoryId === undefined ? {} : { categoryId })}
          {...(bankAccountId === undefined ? {} : { bankAccountId })}
        />
      )
    }
    case 'addGroup':
      return <Dialogs.GroupEditDialog onClosed={onClosed} />
    case 'renameGroup':
      return <Dialogs.GroupEditDialog groupId={address.groupId} onClosed={onClosed} />
    case 'deleteGroup':
      return <Dialogs.DeleteGroupDialog groupId={address.groupId} onClosed={onClosed} />
    case 'addCategory':
      return <Dialogs.CategoryEditDialog groupId={address.groupId} onClosed={onClosed} />
    case 'editCategory':
      return (
        <Dialogs.CategoryEditDialog
          groupId={address.groupId}
          categoryId={address.categoryId}
          onClosed={onClosed}
        />
      )
    case 'deleteCategory':
      return <Dialogs.DeleteCategoryDialog categoryId={address.categoryId} onClosed={onClosed} />
    case 'accountType':
      return (
        <Dialogs.AccountTypeDialog
          onUnconnected={() => onOpen({ kind: 'addAccount' }, { replace: true })}
          onClosed={onClosed}
        />
      )
    case 'addAccount':
      return <Dialogs.AddAccountDialog onClosed={onClosed} />
    case 'reconcile':
    case 'reconcileEdit':
    case 'transfer':
    case 'renameAccount':
    case 'closeAccount':
      return <AccountDialog address={address} onClosed={onClosed} onOpen={onOpen} />
    case 'transactionTemplate': {
      const bankAccountId = address.bankAccountId ?? context?.bankAccountId
      const categoryId = address.categoryId ?? context?.categoryId
      return (
        <Dialogs.TransactionTemplateDialog
          periodKey={periodKey}
          templateId={address.templateId}
          categoryId={address.templateId === undefined ? categoryId : undefined}
          bankAccountId={address.templateId === undefined ? bankAccountId : undefined}
          onClosed={onClosed}
        />
      )
    }
    case 'transactionDraft':
      return (
        <Dialogs.TransactionDraftDialog
          templateId={address.templateId}
          date={address.date}
          onClosed={onClosed}
        />
      )
  }
}

/** A dialog of one account: nothing while the account is unknown (closed or deleted elsewhere). */
function AccountDialog({
  address,
  onClosed,
  onOpen,
}: {
  readonly address: Extract<DialogAddress, { readonly bankAccountId: BankAccountId }>
  readonly onClosed: () => void
  readonly onOpen: OpenDialog
}) {
  const account = useBudget((snapshot) => selectAccountWithBalance(snapshot, address.bankAccountId))
  if (account === null) return null
  switch (address.kind) {
    case 'reconcile':
    case 'reconcileEdit':
      return (
        <Dialogs.ReconcileDialog
          account={account}
          editing={address.kind === 'reconcileEdit'}
          onEdit={() =>
            onOpen({ kind: 'reconcileEdit', bankAccountId: address.bankAccountId }, { replace: true })
          }
          onClosed={onClosed}
        />
      )
    case 'transfer':
      return <Dialogs.TransferDialog from={address.bankAccountId} onClosed={onClosed} />
    case 'renameAccount':
      return <Dialogs.RenameAccountDialog account={account} onClosed={onClosed} />
    case 'closeAccount':
      return <Dialogs.CloseAccountDialog account={account} onClosed={onClosed} />
  }
}

import { lazy } from 'react'

// Each dialog's code (its view, machine and form) loads when it first opens, on both devices: one chunk per flow.
export const AssignMoneyDialog = lazy(() =>
  import('./assignMoney/AssignMoneyDialog.tsx').then((module) => ({ default: module.AssignMoneyDialog })),
)
export const AutoAssignDialog = lazy(() =>
  import('./autoAssign/AutoAssignDialog.tsx').then((module) => ({ default: module.AutoAssignDialog })),
)
export const AssignmentHistoryDialog = lazy(() =>
  import('./assignmentHistory/AssignmentHistoryDialog.tsx').then((module) => ({
    default: module.AssignmentHistoryDialog,
  })),
)
export const MoveMoneyDialog = lazy(() =>
  import('./moveMoney/MoveMoneyDialog.tsx').then((module) => ({ default: module.MoveMoneyDialog })),
)
export const CoverOverspendingDialog = lazy(() =>
  import('./coverOverspending/CoverOverspendingDialog.tsx').then((module) => ({
    default: module.CoverOverspendingDialog,
  })),
)
export const TargetDialog = lazy(() =>
  import('./target/TargetDialog.tsx').then((module) => ({ default: module.TargetDialog })),
)
export const MoveCategoryDialog = lazy(() =>
  import('./moveCategory/MoveCategoryDialog.tsx').then((module) => ({ default: module.MoveCategoryDialog })),
)
export const MoveTransactionsDialog = lazy(() =>
  import('./moveTransactions/MoveTransactionsDialog.tsx').then((module) => ({
    default: module.MoveTransactionsDialog,
  })),
)
export const TransactionEditorDialog = lazy(() =>
  import('./transactionEditor/TransactionEditorDialog.tsx').then((module) => ({
    default: module.TransactionEditorDialog,
  })),
)
export const GroupEditDialog = lazy(() =>
  import('./groupEdit/GroupEditDialog.tsx').then((module) => ({ default: module.GroupEditDialog })),
)
export const CategoryEditDialog = lazy(() =>
  import('./categoryEdit/CategoryEditDialog.tsx').then((module) => ({ default: module.CategoryEditDialog })),
)
export const DeleteGroupDialog = lazy(() =>
  import('./deleteConfirm/DeleteGroupDialog.tsx').then((module) => ({ default: module.DeleteGroupDialog })),
)
export const DeleteCategoryDialog = lazy(() =>
  import('./deleteConfirm/DeleteCategoryDialog.tsx').then((module) => ({
    default: module.DeleteCategoryDialog,
  })),
)
export const AccountTypeDialog = lazy(() =>
  import('./bankAccount/AccountTypeDialog.tsx').then((module) => ({ default: module.AccountTypeDialog })),
)
export const AddAccountDialog = lazy(() =>
  import('./bankAccount/AddAccountDialog.tsx').then((module) => ({ default: module.AddAccountDialog })),
)
export const RenameAccountDialog = lazy(() =>
  import('./bankAccount/RenameAccountDialog.tsx').then((module) => ({ default: module.RenameAccountDialog })),
)
export const ReconcileDialog = lazy(() =>
  import('./reconcile/ReconcileDialog.tsx').then((module) => ({ default: module.ReconcileDialog })),
)
export const TransferDialog = lazy(() =>
  import('./transfer/TransferDialog.tsx').then((module) => ({ default: module.TransferDialog })),
)
export const CloseAccountDialog = lazy(() =>
  import('./deleteConfirm/CloseAccountDialog.tsx').then((module) => ({ default: module.CloseAccountDialog })),
)
export const TransactionTemplateDialog = lazy(() =>
  import('./transactionTemplate/TransactionTemplateDialog.tsx').then((module) => ({
    default: module.TransactionTemplateDialog,
  })),
)
export const TransactionDraftDialog = lazy(() =>
  import('./transactionDraft/TransactionDraftDialog.tsx').then((module) => ({
    default: module.TransactionDraftDialog,
  })),
)

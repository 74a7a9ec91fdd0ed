import { useSelector } from '@xstate/react'
import { Button } from 'react-aria-components'
import { useTranslation } from 'react-i18next'
import {
  selectDeleteConfirmRef,
  selectTransferCategoryRef,
} from '../../../../machines/dialogs/transactionEditor/index.ts'
import { selectBudget } from '../../../../machines/openBudget/index.ts'
import {
  selectCrossingTransfer,
  selectTransactionLookups,
} from '../../../../machines/openBudget/selectors/transactions.ts'
import type { Transaction } from '../../../../schemas/budget.ts'
import { CurrencyCode } from '../../../../schemas/money.ts'
import { Money } from '../../../components/money/Money.tsx'
import { useBudget, usePermissions } from '../../../openBudget/OpenBudget.tsx'
import { useCategoryName } from '../../month/names.ts'
import { DeleteConfirm } from './DeleteConfirm.tsx'
import { EditorFrame } from './EditorFrame.tsx'
import type { EditorRef } from './editorRef.ts'
import { TransferCategoryDialog } from './TransferCategoryDialog.tsx'

const PLN = CurrencyCode.make('PLN')

/**
 * A transfer side: shown read-only here; it can still be deleted. A transfer across the budget's edge (a budget
 * account and a tracking one) names the category its budget side carries, which can be changed here.
 */
export function TransferView({
  editor,
  transaction,
}: {
  readonly editor: EditorRef
  readonly transaction: Transaction
}) {
  const { t } = useTranslation()
  const currency = useBudget(selectBudget)?.currency ?? PLN
  const lookups = useBudget(selectTransactionLookups)
  const deleteConfirm = useSelector(editor, selectDeleteConfirmRef)
  const categoryDialog = useSelector(editor, selectTransferCategoryRef)
  const nameOf = useCategoryName()
  const { canEdit } = usePermissions()
  const crosses = useBudget((snapshot) => selectCrossingTransfer(snapshot, transaction) !== null)
  const categoryId = useBudget(
    (snapshot) => selectCrossingTransfer(snapshot, transaction)?.categoryId ?? null,
  )
  const close = () => editor.send({ type: 'dialog.cancel' })
  return (
    <EditorFrame title={t('transactions.transfer.title')} onDismiss={close}>
      <p className="notice tx-notice">{t('transactions.transfer.note')}</p>
      <dl className="tx-facts">
        <dt>{t('transactions.editor.account')}</dt>
        <dd>{lookups.accountNames.get(transaction.bankAccountId) ?? ''}</dd>
        <dt>{t('transactions.editor.date')}</dt>
        <dd>{transaction.date}</dd>
        <dt>{t('transactions.editor.payee')}</dt>
        <dd>{transaction.payee}</dd>
        <dt>{t('transactions.editor.amount')}</dt>
        <dd>
          <Money amount={transaction.value} currency={currency} />
        </dd>
        <dt>{t('transactions.editor.category')}</dt>
        <dd>
          {crosses
            ? nameOf(categoryId === null ? undefined : lookups.categories.get(categoryId))
            : t('transactions.row.transfer')}
        </dd>
      </dl>
      {crosses ? <p className="field__description">{t('transactions.transfer.categoryHelp')}</p> : null}
      <div className="dialog__actions">
        <Button className="button button--danger" onPress={() => editor.send({ type: 'delete.ask' })}>
          {t('transactions.delete.button')}
        </Button>
        {crosses && canEdit ? (
          <Button
            className="button button--quiet"
            onPress={() => editor.send({ type: 'category.change', categoryId })}
          >
            {t('transactions.transfer.changeCategory')}
          </Button>
        ) : null}
        <Button className="button button--primary" onPress={close}>
          {t('transactions.close')}
        </Button>
      </div>
      {deleteConfirm === undefined ? null : <DeleteConfirm actor={deleteConfirm} />}
      {categoryDialog === undefined ? null : <TransferCategoryDialog actor={categoryDialog} />}
    </EditorFrame>
  )
}

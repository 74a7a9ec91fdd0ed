import { useSelector } from '@xstate/react'
import { Button } from 'react-aria-components'
import { useTranslation } from 'react-i18next'
import { selectDeleteConfirmRef } from '../../../../machines/dialogs/transactionEditor/index.ts'
import { selectBudget } from '../../../../machines/openBudget/index.ts'
import {
  categoryCell,
  selectTransactionLookups,
} from '../../../../machines/openBudget/selectors/transactions.ts'
import type { Transaction } from '../../../../schemas/budget.ts'
import { CurrencyCode } from '../../../../schemas/money.ts'
import { Money } from '../../../components/money/Money.tsx'
import { useBudget } from '../../../openBudget/OpenBudget.tsx'
import { DeleteConfirm } from './DeleteConfirm.tsx'
import { EditorFrame } from './EditorFrame.tsx'
import type { EditorRef } from './editorRef.ts'

const PLN = CurrencyCode.make('PLN')

/** A transfer side: shown read-only here (the transfer dialog edits it); it can still be deleted. */
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
  const cell = categoryCell(transaction, lookups)
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
        <dd>{cell.kind === 'transfer' ? t('transactions.row.transfer') : ''}</dd>
      </dl>
      <div className="dialog__actions">
        <Button className="button button--danger" onPress={() => editor.send({ type: 'delete.ask' })}>
          {t('transactions.delete.button')}
        </Button>
        <Button className="button button--primary" onPress={close}>
          {t('transactions.close')}
        </Button>
      </div>
      {deleteConfirm === undefined ? null : <DeleteConfirm actor={deleteConfirm} />}
    </EditorFrame>
  )
}

import '../../transactions/texts.ts'
import '../../transactions/transactions.css'
import '../../../components/dialog/form.css'
import { useActorRef, useSelector } from '@xstate/react'
import dayjs from 'dayjs'
import { useEffect } from 'react'
import { Button } from 'react-aria-components'
import { useTranslation } from 'react-i18next'
import {
  selectEditedTransaction,
  selectEditorScreen,
  selectFormRef,
  transactionEditorMachine,
} from '../../../../machines/dialogs/transactionEditor/index.ts'
import type { BankAccountId, CategoryId, TransactionId } from '../../../../schemas/ids.ts'
import { IsoDate } from '../../../../schemas/money.ts'
import { useBudgetRef, useDialogEnv } from '../../../openBudget/OpenBudget.tsx'
import { EditorForm } from './EditorForm.tsx'
import { EditorFrame } from './EditorFrame.tsx'
import { TransferView } from './TransferView.tsx'

/** Add (no transactionId) or edit a transaction; a category or account given up front is preselected. */
export function TransactionEditorDialog({
  onClosed,
  transactionId,
  categoryId,
  bankAccountId,
}: {
  readonly onClosed: () => void
  readonly transactionId?: TransactionId
  readonly categoryId?: CategoryId
  readonly bankAccountId?: BankAccountId
}) {
  const { t } = useTranslation()
  const env = useDialogEnv()
  const source = useBudgetRef()
  // The request is read once: the editor's machine follows the budget from then on.
  const editor = useActorRef(transactionEditorMachine, {
    input: {
      ...env,
      source,
      request: {
        today: IsoDate.make(dayjs().format('YYYY-MM-DD')),
        reconciliationLabel: t('budget.reconciliationPayee'),
        ...(transactionId === undefined ? {} : { transactionId }),
        ...(categoryId === undefined ? {} : { categoryId }),
        ...(bankAccountId === undefined ? {} : { bankAccountId }),
      },
    },
  })
  const screen = useSelector(editor, selectEditorScreen)
  const form = useSelector(editor, selectFormRef)
  const transaction = useSelector(editor, selectEditedTransaction)
  useEffect(() => {
    if (screen === 'closed') onClosed()
  }, [screen, onClosed])
  const close = () => editor.send({ type: 'dialog.cancel' })

  if (screen === 'form' && form !== undefined) return <EditorForm editor={editor} form={form} />
  if (screen === 'transfer' && transaction !== null)
    return <TransferView editor={editor} transaction={transaction} />
  if (screen === 'missing')
    return (
      <EditorFrame title={t('transactions.editor.missingTitle')} onDismiss={close}>
        <p className="notice">{t('transactions.editor.missing')}</p>
        <div className="dialog__actions">
          <Button className="button button--primary" onPress={close}>
            {t('transactions.close')}
          </Button>
        </div>
      </EditorFrame>
    )
  if (screen === 'closed') return null
  return (
    <EditorFrame title={t('transactions.editor.loadingTitle')} onDismiss={close}>
      <p role="status">{t('transactions.status.loading')}</p>
    </EditorFrame>
  )
}

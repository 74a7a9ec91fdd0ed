import { useTranslation } from 'react-i18next'
import type { DeleteConfirmRef } from '../../../../machines/dialogs/transactionEditor/index.ts'
import { FormDialog } from '../../../components/dialog/FormDialog.tsx'

// The editor leaves its confirm when the confirm ends (applied or kept), which unmounts this view.
const leftToTheEditor = () => undefined

/** SPEC's confirm before DeleteTransaction; a reconciled one is refused and the refusal shows here. */
export function DeleteConfirm({ actor }: { readonly actor: DeleteConfirmRef }) {
  const { t } = useTranslation()
  return (
    <FormDialog
      actor={actor}
      title={t('transactions.delete.title')}
      submitLabel={t('transactions.delete.confirm')}
      destructive
      onClosed={leftToTheEditor}
    >
      <p>{t('toast.confirm')}</p>
    </FormDialog>
  )
}

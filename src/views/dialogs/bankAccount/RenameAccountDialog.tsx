import '../../accounts/texts.ts'
import '../../accounts/accounts.css'
import { useTranslation } from 'react-i18next'
import { renameBankAccountMachine } from '../../../../machines/dialogs/bankAccount/index.ts'
import type { AccountWithBalance } from '../../../../machines/openBudget/index.ts'
import { DialogTextField, FormDialog } from '../../../components/dialog/FormDialog.tsx'
import { useFlowDialog } from '../shared/useFlowDialog.ts'

type Closable = { readonly onClosed: () => void }

/** Renames the account. */
export function RenameAccountDialog({
  account,
  onClosed,
}: Closable & { readonly account: AccountWithBalance }) {
  const { t } = useTranslation()
  const actor = useFlowDialog(renameBankAccountMachine, { mode: 'rename', account: account.account })
  return (
    <FormDialog
      actor={actor}
      title={t('accounts.form.renameTitle')}
      submitLabel={t('accounts.form.submitRename')}
      onClosed={onClosed}
    >
      <DialogTextField actor={actor} field="name" label={t('accounts.form.name')} autoFocus />
    </FormDialog>
  )
}

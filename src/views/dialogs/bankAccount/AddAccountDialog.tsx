import '../../accounts/texts.ts'
import '../../accounts/accounts.css'
import { useTranslation } from 'react-i18next'
import { openBankAccountMachine } from '../../../../machines/dialogs/bankAccount/index.ts'
import { DialogRadioField } from '../../../components/dialog/DialogRadioField.tsx'
import { DialogDateField, DialogTextField, FormDialog } from '../../../components/dialog/FormDialog.tsx'
import { todayIso } from '../../accounts/shared.tsx'
import { useFlowDialog } from '../shared/useFlowDialog.ts'

type Closable = { readonly onClosed: () => void }

/**
 * Name, budget or tracking (off-budget: its money is not part of Ready to Assign), opening balance (may be
 * negative) and its date for a new unconnected account.
 */
export function AddAccountDialog({ onClosed }: Closable) {
  const { t } = useTranslation()
  const actor = useFlowDialog(openBankAccountMachine, { mode: 'create', today: todayIso() })
  return (
    <FormDialog
      actor={actor}
      title={t('accounts.form.addTitle')}
      submitLabel={t('accounts.form.submitAdd')}
      onClosed={onClosed}
    >
      <p className="field__description">{t('accounts.form.addNote')}</p>
      <DialogTextField actor={actor} field="name" label={t('accounts.form.name')} autoFocus />
      <DialogRadioField
        actor={actor}
        field="kind"
        label={t('accounts.form.kind')}
        autoFocus={false}
        choices={[
          {
            id: 'budget',
            label: t('accounts.form.kindBudget'),
            description: t('accounts.form.kindBudgetHelp'),
          },
          {
            id: 'tracking',
            label: t('accounts.form.kindTracking'),
            description: t('accounts.form.kindTrackingHelp'),
          },
        ]}
      />
      <DialogTextField
        actor={actor}
        field="balance"
        label={t('accounts.form.openingBalance')}
        description={t('accounts.form.openingBalanceHint')}
        inputMode="text"
      />
      <DialogDateField actor={actor} field="date" label={t('accounts.form.openingDate')} />
    </FormDialog>
  )
}

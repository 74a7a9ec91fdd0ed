import '../../accounts/texts.ts'
import '../../accounts/accounts.css'
import { useTranslation } from 'react-i18next'
import { transferMachine } from '../../../../machines/dialogs/transfer/index.ts'
import { selectAccountsOverview } from '../../../../machines/openBudget/selectors/accounts.ts'
import type { BankAccountId } from '../../../../schemas/ids.ts'
import {
  DialogDateField,
  DialogSelectField,
  DialogTextField,
  FormDialog,
  useDialogField,
} from '../../../components/dialog/FormDialog.tsx'
import { useBudget } from '../../../openBudget/OpenBudget.tsx'
import { todayIso } from '../../accounts/shared.tsx'
import { useFlowDialog } from '../shared/useFlowDialog.ts'

type Closable = { readonly onClosed: () => void }

/** Moves money between two open accounts (an outflow and an inflow, kept as one transfer). */
export function TransferDialog({ from, onClosed }: Closable & { readonly from?: BankAccountId }) {
  const { t } = useTranslation()
  const { open } = useBudget(selectAccountsOverview)
  const actor = useFlowDialog(transferMachine, {
    today: todayIso(),
    ...(from === undefined ? {} : { fromBankAccountId: from }),
  })
  const choices = open.map(({ account }) => ({ id: account.id, label: account.name }))
  // Money moves between two accounts: the source is no target.
  const { value: source } = useDialogField(actor, 'from')
  const targets = choices.filter((choice) => choice.id !== source)
  return (
    <FormDialog
      actor={actor}
      title={t('accounts.transferDialog.title')}
      submitLabel={t('accounts.transferDialog.submit')}
      onClosed={onClosed}
    >
      {open.length < 2 ? <p className="notice">{t('accounts.transferDialog.needTwo')}</p> : null}
      <DialogSelectField
        actor={actor}
        field="from"
        label={t('accounts.transferDialog.from')}
        choices={choices}
      />
      <DialogSelectField actor={actor} field="to" label={t('accounts.transferDialog.to')} choices={targets} />
      <DialogTextField
        actor={actor}
        field="amount"
        label={t('accounts.transferDialog.amount')}
        inputMode="decimal"
        autoFocus
      />
      <DialogDateField actor={actor} field="date" label={t('accounts.transferDialog.date')} />
      <DialogTextField actor={actor} field="memo" label={t('accounts.transferDialog.memo')} />
    </FormDialog>
  )
}

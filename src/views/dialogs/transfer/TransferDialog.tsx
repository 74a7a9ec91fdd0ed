import '../../accounts/texts.ts'
import '../../accounts/accounts.css'
import '../../transactions/texts.ts'
import { useSelector } from '@xstate/react'
import { useTranslation } from 'react-i18next'
import { categoryChoices } from '../../../../machines/dialogs/transactionEditor/index.ts'
import { selectTransferCrossing, transferMachine } from '../../../../machines/dialogs/transfer/index.ts'
import { selectGroups } from '../../../../machines/openBudget/index.ts'
import {
  selectAccountsOverview,
  selectTrackingAccountIds,
} from '../../../../machines/openBudget/selectors/accounts.ts'
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
import { useCategoryName } from '../../month/names.ts'
import { useFlowDialog } from '../shared/useFlowDialog.ts'

type Closable = { readonly onClosed: () => void }

/**
 * Moves money between two open accounts (an outflow and an inflow, kept as one transfer). Between a budget account
 * and a tracking one the transfer crosses the budget's edge and asks for the budget side's category.
 */
export function TransferDialog({ from, onClosed }: Closable & { readonly from?: BankAccountId }) {
  const { t } = useTranslation()
  const nameOf = useCategoryName()
  const { open } = useBudget(selectAccountsOverview)
  const trackingAccountIds = useBudget(selectTrackingAccountIds)
  const groups = useBudget(selectGroups)
  const actor = useFlowDialog(transferMachine, {
    today: todayIso(),
    trackingAccountIds,
    ...(from === undefined ? {} : { fromBankAccountId: from }),
  })
  // A tracking account says so in the list: choosing one makes the transfer cross the budget's edge.
  const choices = open.map(({ account }) =>
    account.offBudget
      ? { id: account.id, label: account.name, description: t('accounts.tracking.heading') }
      : { id: account.id, label: account.name },
  )
  // Money moves between two accounts: the source is no target.
  const { value: source } = useDialogField(actor, 'from')
  const targets = choices.filter((choice) => choice.id !== source)
  const crossing = useSelector(actor, selectTransferCrossing)
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
      {crossing === null ? null : (
        <>
          <DialogSelectField
            actor={actor}
            field="categoryId"
            label={t('accounts.transferDialog.category')}
            choices={categoryChoices(groups, [], nameOf, {
              readyToAssign: t('transactions.editor.readyToAssignHelp'),
              uncategorized: t('transactions.editor.uncategorizedHelp'),
            })}
          />
          <p className="field__description">
            {crossing === 'out'
              ? t('accounts.transferDialog.categoryHelpOut')
              : t('accounts.transferDialog.categoryHelpIn')}
          </p>
        </>
      )}
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

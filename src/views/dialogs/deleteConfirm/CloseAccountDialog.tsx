import '../../accounts/texts.ts'
import '../../accounts/accounts.css'
import { useTranslation } from 'react-i18next'
import { deleteConfirmMachine } from '../../../../machines/dialogs/deleteConfirm/index.ts'
import type { AccountWithBalance } from '../../../../machines/openBudget/index.ts'
import { FormDialog } from '../../../components/dialog/FormDialog.tsx'
import { Money } from '../../../components/money/Money.tsx'
import { useCurrency } from '../../category/shared.ts'
import { useFlowDialog } from '../shared/useFlowDialog.ts'

type Closable = { readonly onClosed: () => void }

/** Asks before closing; a non-zero balance comes back as the domain's refusal ('account-not-zero'). */
export function CloseAccountDialog({
  account,
  onClosed,
}: Closable & { readonly account: AccountWithBalance }) {
  const { t } = useTranslation()
  const currency = useCurrency()
  const actor = useFlowDialog(deleteConfirmMachine, {
    kind: 'commands',
    commands: [{ _tag: 'CloseBankAccount', bankAccountId: account.account.id }],
  })
  return (
    <FormDialog
      actor={actor}
      title={t('accounts.closeDialog.title', { name: account.account.name })}
      submitLabel={t('accounts.closeDialog.submit')}
      onClosed={onClosed}
      destructive
    >
      <p>{t('accounts.closeDialog.body')}</p>
      <dl className="reconcile-facts">
        <div>
          <dt>{t('accounts.closeDialog.balance')}</dt>
          <dd>
            <Money amount={account.balance.working} currency={currency} />
          </dd>
        </div>
      </dl>
    </FormDialog>
  )
}

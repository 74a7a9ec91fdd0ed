import '../../accounts/texts.ts'
import '../../accounts/accounts.css'
import { useSelector } from '@xstate/react'
import { Button } from 'react-aria-components'
import { useTranslation } from 'react-i18next'
import { reconcileMachine, selectReconcileDifference } from '../../../../machines/dialogs/reconcile/index.ts'
import type { AccountWithBalance } from '../../../../machines/openBudget/index.ts'
import { type CurrencyCode, Minor } from '../../../../schemas/money.ts'
import { DialogDateField, DialogTextField, FormDialog } from '../../../components/dialog/FormDialog.tsx'
import { Money } from '../../../components/money/Money.tsx'
import { todayIso } from '../../accounts/shared.tsx'
import { useCurrency } from '../../category/shared.ts'
import { useFlowDialog } from '../shared/useFlowDialog.ts'

type Closable = { readonly onClosed: () => void }

/**
 * Reconcile in two steps, as banks' statements are usually right: first "does the bank show this cleared
 * balance?" — yes reconciles as it is; no goes to the edit step (`onEdit`; mobile: the reconcile-edit route),
 * where the user types the bank's balance and sees the difference and the adjustment it will create.
 */
export function ReconcileDialog({
  account,
  editing,
  onEdit,
  onClosed,
}: Closable & {
  readonly account: AccountWithBalance
  readonly editing: boolean
  readonly onEdit: () => void
}) {
  const { t } = useTranslation()
  const currency = useCurrency()
  const actor = useFlowDialog(reconcileMachine, {
    bankAccountId: account.account.id,
    clearedBalance: account.balance.cleared,
    today: todayIso(),
  })
  const difference = useSelector(actor, selectReconcileDifference)
  const name = account.account.name
  return (
    <FormDialog
      actor={actor}
      title={t(editing ? 'accounts.reconcileDialog.editTitle' : 'accounts.reconcileDialog.title', { name })}
      submitLabel={t(editing ? 'accounts.reconcileDialog.submit' : 'accounts.reconcileDialog.yes')}
      onClosed={onClosed}
    >
      <dl className="reconcile-facts">
        <div>
          <dt>{t('accounts.reconcileDialog.cleared')}</dt>
          <dd>
            <Money amount={account.balance.cleared} currency={currency} />
          </dd>
        </div>
      </dl>
      {editing ? (
        <>
          <DialogTextField
            actor={actor}
            field="balance"
            label={t('accounts.reconcileDialog.bankBalance')}
            description={t('accounts.reconcileDialog.bankBalanceHint')}
            autoFocus
          />
          <DialogDateField actor={actor} field="date" label={t('accounts.reconcileDialog.date')} />
          <ReconcileDifference
            difference={difference}
            currency={currency}
            offBudget={account.account.offBudget}
          />
        </>
      ) : (
        <>
          <p>{t('accounts.reconcileDialog.question')}</p>
          <Button className="button button--quiet" onPress={onEdit}>
            {t('accounts.reconcileDialog.no')}
          </Button>
        </>
      )}
    </FormDialog>
  )
}

function ReconcileDifference({
  difference,
  currency,
  offBudget,
}: {
  readonly difference: number | null
  readonly currency: CurrencyCode
  /** A tracking account's adjustment has no category, as its transactions (issue 32 §2). */
  readonly offBudget: boolean
}) {
  const { t } = useTranslation()
  return (
    <div className="reconcile-difference" aria-live="polite">
      {difference === null ? (
        <p>{t('accounts.reconcileDialog.invalid')}</p>
      ) : (
        <>
          <p className="reconcile-difference__amount">
            <span>{t('accounts.reconcileDialog.difference')}</span>{' '}
            <Money amount={Minor.make(difference)} currency={currency} />
          </p>
          <p>
            {difference === 0
              ? t('accounts.reconcileDialog.balanced')
              : offBudget
                ? t('accounts.reconcileDialog.adjustmentTracking')
                : t('accounts.reconcileDialog.adjustment')}
          </p>
        </>
      )}
    </div>
  )
}

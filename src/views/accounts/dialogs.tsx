import { useActorRef, useSelector } from '@xstate/react'
import { useId } from 'react'
import { Button } from 'react-aria-components'
import { useTranslation } from 'react-i18next'
import type { AccountWithBalance } from '../../../machines/budget/index.ts'
import { selectBudget } from '../../../machines/budget/index.ts'
import { selectAccountsOverview } from '../../../machines/budget/selectors/accounts.ts'
import {
  openBankAccountMachine,
  renameBankAccountMachine,
} from '../../../machines/dialogs/bankAccount/index.ts'
import { deleteConfirmMachine } from '../../../machines/dialogs/deleteConfirm/index.ts'
import { reconcileMachine, selectReconcileDifference } from '../../../machines/dialogs/reconcile/index.ts'
import { transferMachine } from '../../../machines/dialogs/transfer/index.ts'
import type { BankAccountId } from '../../../schemas/ids.ts'
import { CurrencyCode, type Minor } from '../../../schemas/money.ts'
import { useBudget, useDialogEnv } from '../../budget/OpenBudget.tsx'
import {
  DialogFrame,
  DialogSelectField,
  DialogTextField,
  FormDialog,
} from '../../components/dialog/FormDialog.tsx'
import { Money } from '../../components/money/Money.tsx'
import { todayIso } from './shared.tsx'

type Closable = { readonly onClosed: () => void }

const FALLBACK_CURRENCY = CurrencyCode.make('PLN')
const useCurrency = () => useBudget(selectBudget)?.currency ?? FALLBACK_CURRENCY

/**
 * SPEC §2 'Select account type': Unconnected (manual entry) goes on to the account form; Connected needs bank
 * connections, which a later issue builds, so it is shown disabled with the reason instead of a pretend flow.
 */
export function AccountTypeDialog({
  onUnconnected,
  onClosed,
}: Closable & { readonly onUnconnected: () => void }) {
  const { t } = useTranslation()
  const connectedNoteId = useId()
  return (
    <DialogFrame title={t('bankAccounts.selectAccountType')} onDismiss={onClosed}>
      <div className="account-types">
        <Button className="account-type" onPress={onUnconnected} autoFocus>
          <span className="account-type__name">{t('bankAccounts.unconnected')}</span>
          <span className="account-type__description">{t('bankAccounts.unconnectedDescription')}</span>
        </Button>
        <Button className="account-type" isDisabled aria-describedby={connectedNoteId}>
          <span className="account-type__name">{t('bankAccounts.connected')}</span>
          <span className="account-type__description">{t('bankAccounts.connectedDescription')}</span>
        </Button>
        <p id={connectedNoteId} className="account-type__note">
          {t('accounts.chooser.connectedUnavailable')}
        </p>
      </div>
      <div className="dialog__actions">
        <Button className="button button--quiet" onPress={onClosed}>
          {t('accounts.chooser.cancel')}
        </Button>
      </div>
    </DialogFrame>
  )
}

/** Name, opening balance (may be negative) and its date for a new unconnected account. */
export function AddAccountDialog({ onClosed }: Closable) {
  const { t } = useTranslation()
  const env = useDialogEnv()
  const actor = useActorRef(openBankAccountMachine, {
    input: { ...env, props: { mode: 'create', today: todayIso() } },
  })
  return (
    <FormDialog
      actor={actor}
      title={t('accounts.form.addTitle')}
      submitLabel={t('accounts.form.submitAdd')}
      onClosed={onClosed}
    >
      <DialogTextField actor={actor} field="name" label={t('accounts.form.name')} autoFocus />
      <DialogTextField
        actor={actor}
        field="balance"
        label={t('accounts.form.openingBalance')}
        description={t('accounts.form.openingBalanceHint')}
        inputMode="text"
      />
      <DialogTextField actor={actor} field="date" label={t('accounts.form.openingDate')} type="date" />
    </FormDialog>
  )
}

export function RenameAccountDialog({
  account,
  onClosed,
}: Closable & { readonly account: AccountWithBalance }) {
  const { t } = useTranslation()
  const env = useDialogEnv()
  const actor = useActorRef(renameBankAccountMachine, {
    input: { ...env, props: { mode: 'rename', account: account.account } },
  })
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
  const env = useDialogEnv()
  const currency = useCurrency()
  const actor = useActorRef(reconcileMachine, {
    input: {
      ...env,
      props: {
        bankAccountId: account.account.id,
        clearedBalance: account.balance.cleared,
        today: todayIso(),
      },
    },
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
          <DialogTextField
            actor={actor}
            field="date"
            label={t('accounts.reconcileDialog.date')}
            type="date"
          />
          <ReconcileDifference difference={difference} currency={currency} />
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
}: {
  readonly difference: number | null
  readonly currency: CurrencyCode
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
            <Money amount={difference as Minor} currency={currency} />
          </p>
          <p>
            {difference === 0
              ? t('accounts.reconcileDialog.balanced')
              : t('accounts.reconcileDialog.adjustment')}
          </p>
        </>
      )}
    </div>
  )
}

/** Moves money between two open accounts (an outflow and an inflow, kept as one transfer). */
export function TransferDialog({ from, onClosed }: Closable & { readonly from?: BankAccountId }) {
  const { t } = useTranslation()
  const env = useDialogEnv()
  const { open } = useBudget(selectAccountsOverview)
  const actor = useActorRef(transferMachine, {
    input: {
      ...env,
      props: { today: todayIso(), ...(from === undefined ? {} : { fromBankAccountId: from }) },
    },
  })
  const choices = open.map(({ account }) => ({ id: account.id, label: account.name }))
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
      <DialogSelectField actor={actor} field="to" label={t('accounts.transferDialog.to')} choices={choices} />
      <DialogTextField actor={actor} field="amount" label={t('accounts.transferDialog.amount')} autoFocus />
      <DialogTextField actor={actor} field="date" label={t('accounts.transferDialog.date')} type="date" />
      <DialogTextField actor={actor} field="memo" label={t('accounts.transferDialog.memo')} />
    </FormDialog>
  )
}

/** Asks before closing; a non-zero balance comes back as the domain's refusal ('account-not-zero'). */
export function CloseAccountDialog({
  account,
  onClosed,
}: Closable & { readonly account: AccountWithBalance }) {
  const { t } = useTranslation()
  const env = useDialogEnv()
  const currency = useCurrency()
  const actor = useActorRef(deleteConfirmMachine, {
    input: {
      ...env,
      props: {
        kind: 'commands',
        commands: [{ _tag: 'CloseBankAccount', bankAccountId: account.account.id }],
      },
    },
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

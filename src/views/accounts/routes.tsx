import { useParams, useRouter } from '@tanstack/react-router'
import { type ReactNode, Suspense, useId, useState } from 'react'
import { Button, Link } from 'react-aria-components'
import { useTranslation } from 'react-i18next'
import type { AccountWithBalance } from '../../../machines/openBudget/index.ts'
import { selectBudget } from '../../../machines/openBudget/index.ts'
import { selectAccountWithBalance } from '../../../machines/openBudget/selectors/accounts.ts'
import { CurrencyCode } from '../../../schemas/money.ts'
import { Money } from '../../components/money/Money.tsx'
import { EditorsOnly } from '../../openBudget/EditorsOnly.tsx'
import { OpenBudget, useBudget, usePermissions } from '../../openBudget/OpenBudget.tsx'
import { paths } from '../../router/paths.ts'
import {
  AccountTypeDialog,
  AddAccountDialog,
  CloseAccountDialog,
  ReconcileDialog,
  RenameAccountDialog,
  TransferDialog,
} from '../dialogs/lazyDialogs.ts'
import { TemplatesCard } from '../templates/TemplatesCard.tsx'
import { TransactionsPane } from '../transactions/TransactionsPane.tsx'
import { AccountBalances, AccountsCard } from './AccountsCard.tsx'
import { BudgetReady, periodOrCurrent, useLeave } from './shared.tsx'

// Mobile routes of SPEC §2 (the desktop shows the same inside the month view: AccountsPane).

type RouteParams = {
  readonly budgetId?: string
  readonly periodKey?: string
  readonly bankAccountId?: string
}

const FALLBACK_CURRENCY = CurrencyCode.make('PLN')

const useRouteParams = () => useParams({ strict: false }) as RouteParams

/** Opens the route's budget for the view and waits until it is loaded. */
function WithBudget({ children }: { readonly children: (budgetId: string) => ReactNode }) {
  const { budgetId } = useRouteParams()
  if (budgetId === undefined) return null
  return (
    <OpenBudget budgetId={budgetId}>
      <BudgetReady>
        <Suspense fallback={null}>{children(budgetId)}</Suspense>
      </BudgetReady>
    </OpenBudget>
  )
}

/** `…/period/$periodKey/bankAccounts`: the card with every account; a row opens the account. */
export function BankAccountsRoute() {
  const period = periodOrCurrent(useRouteParams().periodKey)
  return <WithBudget>{(budgetId) => <BankAccountsView budgetId={budgetId} periodKey={period} />}</WithBudget>
}

function BankAccountsView({
  budgetId,
  periodKey,
}: {
  readonly budgetId: string
  readonly periodKey: string
}) {
  const { t } = useTranslation()
  const router = useRouter()
  const [choosing, setChoosing] = useState(false)
  return (
    <div className="accounts-pane">
      <AccountsCard
        periodKey={periodKey}
        hrefOf={({ account }) => paths.bankAccount(budgetId, periodKey, account.id)}
        addButton={
          <Button className="button button--primary" onPress={() => setChoosing(true)}>
            {t('accounts.add')}
          </Button>
        }
      />
      <TemplatesCard />
      {choosing ? (
        <AccountTypeDialog
          // Unconnected goes on to the account form route; the chooser itself has no route.
          onUnconnected={() => {
            setChoosing(false)
            router.history.push(paths.bankAccountModal(budgetId))
          }}
          onClosed={() => setChoosing(false)}
        />
      ) : null}
    </div>
  )
}

/** `…/bankAccounts/$bankAccountId`: the account's balances, its actions and its transactions. */
export function BankAccountRoute() {
  const { periodKey, bankAccountId } = useRouteParams()
  const period = periodOrCurrent(periodKey)
  if (bankAccountId === undefined) return null
  return (
    <WithBudget>
      {(budgetId) => <BankAccountView budgetId={budgetId} periodKey={period} accountId={bankAccountId} />}
    </WithBudget>
  )
}

function BankAccountView({
  budgetId,
  periodKey,
  accountId,
}: {
  readonly budgetId: string
  readonly periodKey: string
  readonly accountId: string
}) {
  const { t } = useTranslation()
  const headingId = useId()
  const item = useBudget((snapshot) => selectAccountWithBalance(snapshot, accountId))
  const currency = useBudget(selectBudget)?.currency ?? FALLBACK_CURRENCY
  const { canEdit } = usePermissions()
  const back = (
    <Link className="accounts-back" href={paths.bankAccounts(budgetId, periodKey)}>
      {t('accounts.backToAccounts')}
    </Link>
  )
  if (item === null)
    return (
      <div className="accounts-pane">
        {back}
        <p className="notice">{t('accounts.notFound')}</p>
      </div>
    )
  const { account, balance } = item
  const closed = account.state === 'Closed'
  return (
    <div className="accounts-pane">
      {back}
      <section className="accounts-card" aria-labelledby={headingId}>
        <header className="accounts-card__header">
          <h2 id={headingId} className="accounts-card__title">
            {account.name}
          </h2>
          <p className="accounts-card__total">
            <span>{t('accounts.working')}</span> <Money amount={balance.working} currency={currency} />
          </p>
        </header>
        {account.offBudget ? (
          <p className="accounts-card__help">{t('accounts.tracking.accountNote')}</p>
        ) : null}
        {closed ? <p>{t('accounts.closedState')}</p> : <AccountBalances item={item} />}
        {closed || !canEdit ? null : (
          <nav className="account-actions" aria-label={t('accounts.actionsFor', { name: account.name })}>
            <Link className="button button--quiet" href={paths.importTransactions(budgetId, account.id)}>
              {t('accounts.importFromFile')}
            </Link>
            <Link
              className="button button--quiet"
              href={paths.bankAccountDialog(budgetId, account.id, 'reconcile')}
            >
              {t('accounts.reconcile')}
            </Link>
            <Link
              className="button button--quiet"
              href={paths.bankAccountDialog(budgetId, account.id, 'transfer')}
            >
              {t('accounts.transfer')}
            </Link>
            <Link className="button button--quiet" href={paths.bankAccountModal(budgetId, account.id)}>
              {t('accounts.rename')}
            </Link>
            <Link
              className="button button--quiet"
              href={paths.bankAccountDialog(budgetId, account.id, 'close-modal')}
            >
              {t('accounts.close')}
            </Link>
          </nav>
        )}
      </section>
      {/* The card above names the account and shows its balances; the list says what it spans. */}
      <TransactionsPane bankAccountId={account.id} heading="scope" showTotals={false} importLink={false} />
    </div>
  )
}

/** A mobile dialog route about one account: waits for the budget, then shows the dialog or "no such account". */
function AccountDialogRoute({
  children,
}: {
  readonly children: (args: {
    readonly budgetId: string
    readonly item: AccountWithBalance
    readonly leave: () => void
  }) => ReactNode
}) {
  const { bankAccountId } = useRouteParams()
  return (
    <WithBudget>
      {(budgetId) => (
        <AccountDialogBody budgetId={budgetId} accountId={bankAccountId}>
          {children}
        </AccountDialogBody>
      )}
    </WithBudget>
  )
}

function AccountDialogBody({
  budgetId,
  accountId,
  children,
}: {
  readonly budgetId: string
  readonly accountId: string | undefined
  readonly children: (args: {
    readonly budgetId: string
    readonly item: AccountWithBalance
    readonly leave: () => void
  }) => ReactNode
}) {
  const { t } = useTranslation()
  const leaveTo = useLeave()
  const period = periodOrCurrent(undefined)
  const item = useBudget((snapshot) =>
    accountId === undefined ? null : selectAccountWithBalance(snapshot, accountId),
  )
  // Kept from the first render: the dialog's account must not vanish under it when it closes the account.
  const [opened] = useState(item)
  if (opened === null)
    return (
      <div className="accounts-pane">
        <p className="notice">{t('accounts.notFound')}</p>
        <Link className="accounts-back" href={paths.bankAccounts(budgetId, period)}>
          {t('accounts.backToAccounts')}
        </Link>
      </div>
    )
  const leave = () => leaveTo(paths.bankAccount(budgetId, period, opened.account.id))
  // Every account dialog writes: a reader who follows its address is told so (the banner says why).
  return <EditorsOnly>{children({ budgetId, item: opened, leave })}</EditorsOnly>
}

/** `$budgetId/bankAccount/{-$bankAccountId}/modal`: no id adds an unconnected account, an id renames it. */
export function BankAccountModalRoute() {
  const { bankAccountId } = useRouteParams()
  if (bankAccountId === undefined)
    return <WithBudget>{(budgetId) => <AddAccountRoute budgetId={budgetId} />}</WithBudget>
  return (
    <AccountDialogRoute>
      {({ item, leave }) => <RenameAccountDialog account={item} onClosed={leave} />}
    </AccountDialogRoute>
  )
}

function AddAccountRoute({ budgetId }: { readonly budgetId: string }) {
  const leave = useLeave()
  return (
    <EditorsOnly>
      <AddAccountDialog onClosed={() => leave(paths.bankAccounts(budgetId, periodOrCurrent(undefined)))} />
    </EditorsOnly>
  )
}

/** `…/bankAccount/{-$bankAccountId}/close-modal`: closes an account at zero balance (the domain refuses otherwise). */
export function CloseBankAccountRoute() {
  return (
    <AccountDialogRoute>
      {({ item, leave }) => <CloseAccountDialog account={item} onClosed={leave} />}
    </AccountDialogRoute>
  )
}

/**
 * `…/bankAccount/$bankAccountId/reconcile`: "does your bank show this cleared balance?" — yes reconciles at once;
 * no replaces this route with reconcile-edit (so back returns to the account, not to this question).
 */
export function ReconcileRoute() {
  const router = useRouter()
  return (
    <AccountDialogRoute>
      {({ budgetId, item, leave }) => (
        <ReconcileDialog
          account={item}
          editing={false}
          onEdit={() =>
            router.history.replace(paths.bankAccountDialog(budgetId, item.account.id, 'reconcile-edit'))
          }
          onClosed={leave}
        />
      )}
    </AccountDialogRoute>
  )
}

/**
 * `…/bankAccount/$bankAccountId/reconcile-edit`: the cleared balance did not match the bank's, so the user states
 * the bank's balance, sees the difference and the adjustment transaction it will create, and confirms.
 */
export function ReconcileEditRoute() {
  return (
    <AccountDialogRoute>
      {({ item, leave }) => (
        <ReconcileDialog account={item} editing onEdit={() => undefined} onClosed={leave} />
      )}
    </AccountDialogRoute>
  )
}

/** `…/bankAccount/$bankAccountId/transfer`: from this account to another open one. */
export function TransferRoute() {
  return (
    <AccountDialogRoute>
      {({ item, leave }) => <TransferDialog from={item.account.id} onClosed={leave} />}
    </AccountDialogRoute>
  )
}

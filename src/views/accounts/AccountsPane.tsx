import { useParams } from '@tanstack/react-router'
import { useState } from 'react'
import { Button, Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components'
import { useTranslation } from 'react-i18next'
import type { AccountWithBalance } from '../../../machines/budget/index.ts'
import { selectAccountWithBalance } from '../../../machines/budget/selectors/accounts.ts'
import { OpenBudget, useBudget } from '../../budget/OpenBudget.tsx'
import { paths } from '../../router/paths.ts'
import { AccountsCard } from './AccountsCard.tsx'
import {
  AccountTypeDialog,
  AddAccountDialog,
  CloseAccountDialog,
  ReconcileDialog,
  RenameAccountDialog,
  TransferDialog,
} from './dialogs.tsx'
import { BudgetReady, periodOrCurrent } from './shared.tsx'

type AccountAction = 'reconcile' | 'reconcileEdit' | 'transfer' | 'rename' | 'close'
type OpenDialog =
  | { readonly kind: 'chooser' }
  | { readonly kind: 'add' }
  | { readonly kind: AccountAction; readonly accountId: string }

const ACTIONS: ReadonlyArray<Exclude<AccountAction, 'reconcileEdit'>> = [
  'reconcile',
  'transfer',
  'rename',
  'close',
]

/** Desktop: the month route with ?view=accounts. Bank accounts with balances; add, reconcile, transfer, rename, close. */
export function AccountsPane() {
  const { budgetId, periodKey } = useParams({ strict: false })
  if (budgetId === undefined) return null
  return (
    <OpenBudget budgetId={budgetId}>
      <BudgetReady>
        <AccountsPaneBody budgetId={budgetId} periodKey={periodOrCurrent(periodKey)} />
      </BudgetReady>
    </OpenBudget>
  )
}

function AccountsPaneBody({
  budgetId,
  periodKey,
}: {
  readonly budgetId: string
  readonly periodKey: string
}) {
  const { t } = useTranslation()
  const [dialog, setDialog] = useState<OpenDialog | null>(null)
  const close = () => setDialog(null)
  const actionsOf = ({ account }: AccountWithBalance) => (
    <MenuTrigger>
      <Button
        className="button button--quiet account-row__menu"
        aria-label={t('accounts.actionsFor', { name: account.name })}
      >
        {t('accounts.actions')}
      </Button>
      <Popover className="popover">
        <Menu
          className="menu"
          aria-label={t('accounts.actionsFor', { name: account.name })}
          onAction={(key) => setDialog({ kind: key as AccountAction, accountId: account.id })}
        >
          {ACTIONS.map((action) => (
            <MenuItem key={action} id={action} className="menu__item">
              {t(`accounts.${action}`)}
            </MenuItem>
          ))}
        </Menu>
      </Popover>
    </MenuTrigger>
  )
  return (
    <div className="accounts-pane">
      <AccountsCard
        periodKey={periodKey}
        hrefOf={({ account }) =>
          paths.period(budgetId, periodKey, { view: 'transactions', account: account.id })
        }
        actionsOf={actionsOf}
        addButton={
          <Button className="button button--primary" onPress={() => setDialog({ kind: 'chooser' })}>
            {t('accounts.add')}
          </Button>
        }
      />
      {dialog === null ? null : dialog.kind === 'chooser' ? (
        <AccountTypeDialog onUnconnected={() => setDialog({ kind: 'add' })} onClosed={close} />
      ) : dialog.kind === 'add' ? (
        <AddAccountDialog onClosed={close} />
      ) : (
        <AccountDialog
          key={`${dialog.kind}-${dialog.accountId}`}
          action={dialog.kind}
          accountId={dialog.accountId}
          onEdit={() => setDialog({ kind: 'reconcileEdit', accountId: dialog.accountId })}
          onClosed={close}
        />
      )}
    </div>
  )
}

/** The dialog of one account action (desktop opens it from local state). */
function AccountDialog({
  action,
  accountId,
  onEdit,
  onClosed,
}: {
  readonly action: AccountAction
  readonly accountId: string
  readonly onEdit: () => void
  readonly onClosed: () => void
}) {
  const item = useBudget((snapshot) => selectAccountWithBalance(snapshot, accountId))
  if (item === null) return null
  switch (action) {
    case 'reconcile':
    case 'reconcileEdit':
      return (
        <ReconcileDialog
          account={item}
          editing={action === 'reconcileEdit'}
          onEdit={onEdit}
          onClosed={onClosed}
        />
      )
    case 'transfer':
      return <TransferDialog from={item.account.id} onClosed={onClosed} />
    case 'rename':
      return <RenameAccountDialog account={item} onClosed={onClosed} />
    case 'close':
      return <CloseAccountDialog account={item} onClosed={onClosed} />
  }
}

import { useNavigate, useParams } from '@tanstack/react-router'
import { Button, Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components'
import { useTranslation } from 'react-i18next'
import type { AccountWithBalance } from '../../../machines/openBudget/index.ts'
import { OpenBudget } from '../../openBudget/OpenBudget.tsx'
import { paths } from '../../router/paths.ts'
import { useOpenDialog } from '../dialogs/useDialog.ts'
import { TemplatesCard } from '../templates/TemplatesCard.tsx'
import { AccountsCard } from './AccountsCard.tsx'
import { BudgetReady, periodOrCurrent } from './shared.tsx'

/** The menu's actions of an account row, each the dialog it opens. */
const ACTIONS = [
  { id: 'reconcile', dialog: 'reconcile' },
  { id: 'transfer', dialog: 'transfer' },
  { id: 'rename', dialog: 'renameAccount' },
  { id: 'close', dialog: 'closeAccount' },
] as const

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
  const openDialog = useOpenDialog()
  const navigate = useNavigate()
  const actionsOf = ({ account }: AccountWithBalance) => (
    <MenuTrigger>
      <Button
        className="button button--quiet account-row__menu"
        aria-label={t('accounts.actionsFor', { name: account.name })}
      >
        {t('accounts.actions')}
      </Button>
      <Popover className="popover">
        <Menu className="menu" aria-label={t('accounts.actionsFor', { name: account.name })}>
          <MenuItem
            id="import"
            className="menu__item"
            onAction={() => void navigate({ href: paths.importTransactions(budgetId, account.id) })}
          >
            {t('accounts.importFromFile')}
          </MenuItem>
          {ACTIONS.map((action) => (
            <MenuItem
              key={action.id}
              id={action.id}
              className="menu__item"
              onAction={() => openDialog({ kind: action.dialog, bankAccountId: account.id })}
            >
              {t(`accounts.${action.id}`)}
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
          <Button className="button button--primary" onPress={() => openDialog({ kind: 'accountType' })}>
            {t('accounts.add')}
          </Button>
        }
      />
      <TemplatesCard />
    </div>
  )
}

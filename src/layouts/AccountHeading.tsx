import { useTranslation } from 'react-i18next'
import { selectAccountWithBalance } from '../../machines/openBudget/selectors/accounts.ts'
import { OpenBudget, useBudget } from '../openBudget/OpenBudget.tsx'

function AccountName({
  bankAccountId,
  fallbackKey,
}: {
  readonly bankAccountId: string
  readonly fallbackKey: string
}) {
  const { t } = useTranslation()
  const name = useBudget((snapshot) => selectAccountWithBalance(snapshot, bankAccountId)?.account.name)
  return <>{name ?? t(fallbackKey)}</>
}

/** The page heading of an account's screen: the account's name, from the open budget (loaded with the budget). */
export default function AccountHeading({
  budgetId,
  bankAccountId,
  fallbackKey,
}: {
  readonly budgetId: string
  readonly bankAccountId: string
  readonly fallbackKey: string
}) {
  return (
    <OpenBudget budgetId={budgetId}>
      <AccountName bankAccountId={bankAccountId} fallbackKey={fallbackKey} />
    </OpenBudget>
  )
}

import './accounts.css'
import './texts.ts'
import { useParams } from '@tanstack/react-router'
import { Link } from 'react-aria-components'
import { useTranslation } from 'react-i18next'
import { selectBalancesTotal, selectBudget, selectLoadState } from '../../../machines/openBudget/index.ts'
import { CurrencyCode, type Minor } from '../../../schemas/money.ts'
import { Money, useFormatAmount } from '../../components/money/Money.tsx'
import { OpenBudget, useBudget } from '../../openBudget/OpenBudget.tsx'

const FALLBACK_CURRENCY = CurrencyCode.make('PLN')

/** SPEC §2: 'Transactions' (accessible name 'Show all transactions') with the balances total; goes to href. */
export function TransactionsButton({ href }: { readonly href: string }) {
  const { budgetId } = useParams({ strict: false }) as { readonly budgetId?: string }
  if (budgetId === undefined)
    return <TransactionsLink href={href} total={null} currency={FALLBACK_CURRENCY} />
  return (
    <OpenBudget budgetId={budgetId}>
      <WithTotal href={href} />
    </OpenBudget>
  )
}

function WithTotal({ href }: { readonly href: string }) {
  const loaded = useBudget(selectLoadState) === 'ready'
  const total = useBudget(selectBalancesTotal)
  const currency = useBudget(selectBudget)?.currency ?? FALLBACK_CURRENCY
  return <TransactionsLink href={href} total={loaded ? total : null} currency={currency} />
}

function TransactionsLink({
  href,
  total,
  currency,
}: {
  readonly href: string
  readonly total: number | null
  readonly currency: CurrencyCode
}) {
  const { t } = useTranslation()
  const format = useFormatAmount(currency)
  // SPEC's accessible name, followed by the total the button shows: the visible text stays part of the name.
  const name = t('bankAccounts.showAllTransactions')
  return (
    <Link
      className="transactions-button"
      href={href}
      aria-label={total === null ? name : `${name} ${format(total as Minor)}`}
    >
      <span className="transactions-button__label">{t('bankAccounts.transactions')}</span>
      {/* A real space: the visible text must read as the words of the accessible name (label in name). */}
      {total === null ? null : (
        <>
          {' '}
          <Money amount={total as Minor} currency={currency} />
        </>
      )}
    </Link>
  )
}

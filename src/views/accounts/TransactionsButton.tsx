import { NotAvailable } from '../../components/NotAvailable.tsx'

/** SPEC §2: 'Transactions' (accessible name 'Show all transactions') with the balances total; goes to href. */
export function TransactionsButton(_props: { readonly href: string }) {
  return <NotAvailable />
}

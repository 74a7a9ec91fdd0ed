import { NotAvailable } from '../../components/NotAvailable.tsx'

/** Bank accounts with balances and the 'Bank Accounts | {period}' card; add, reconcile, transfer, close. */
export function AccountsPane() {
  return <NotAvailable />
}

import { useSearch } from '@tanstack/react-router'
import type { PeriodKey } from '../../../schemas/money.ts'
import type { BudgetViewSearch } from '../../router/budgetSearch.ts'
import { dialogOfSearch } from './address.ts'
import { DialogOf } from './DialogOf.tsx'
import { useCloseDialog, useOpenDialog } from './useDialog.ts'

/**
 * The desktop's open dialog, read from the budget route's search (`?dialog=…`): phones render the same dialogs
 * from their dialog routes. Keyed by the address, so the next step of a flow starts a fresh dialog.
 */
export function DesktopDialogs({ periodKey }: { readonly periodKey: PeriodKey }) {
  const search: BudgetViewSearch = useSearch({ strict: false })
  const open = useOpenDialog()
  const close = useCloseDialog()
  const address = dialogOfSearch(search)
  if (address === null) return null
  return (
    <DialogOf
      key={JSON.stringify(address)}
      address={address}
      periodKey={periodKey}
      onClosed={close}
      onOpen={open}
      context={
        search.view === 'transactions' ? { bankAccountId: search.account, categoryId: search.category } : {}
      }
    />
  )
}

import { useNavigate, useParams, useRouter } from '@tanstack/react-router'
import { useCallback, useEffect } from 'react'
import { useDevice } from '../../layouts/useDevice.ts'
import type { BudgetViewSearch } from '../../router/budgetSearch.ts'
import { currentPeriodKey } from '../../router/periodKey.ts'
import { type DialogAddress, dialogOfSearch, dialogSearch, mobileDialogHref } from './address.ts'

declare module '@tanstack/history' {
  interface HistoryState {
    /** The entry was pushed by opening a desktop dialog: closing it goes back rather than forward. */
    readonly dialogOpened?: boolean
  }
}

export type OpenDialog = (address: DialogAddress, options?: { readonly replace?: boolean }) => void

/**
 * Opens a dialog the same way on both devices: its address goes into the history (phones: SPEC's dialog route;
 * desktop: the budget route's `?dialog=…`), so Back closes it, reload keeps it and a link opens it.
 * `replace` swaps the open dialog for the next step of the same flow (chooser → form, reconcile → edit).
 */
export const useOpenDialog = (): OpenDialog => {
  const device = useDevice()
  const navigate = useNavigate()
  const params: { readonly budgetId?: string; readonly periodKey?: string } = useParams({ strict: false })
  const budgetId = params.budgetId ?? ''
  const periodKey = params.periodKey ?? currentPeriodKey(new Date())
  return useCallback(
    (address, options) => {
      const replace = options?.replace === true
      if (device === 'mobile') {
        const href = mobileDialogHref(budgetId, periodKey, address)
        if (href !== null) void navigate({ href, replace })
        return
      }
      void navigate({
        to: '.',
        search: (previous) => ({ ...previous, ...dialogSearch(address) }),
        replace,
        state: (previous) => (replace ? previous : { ...previous, dialogOpened: true }),
      })
    },
    [device, navigate, budgetId, periodKey],
  )
}

/** Closes the desktop dialog: back to the entry it was opened from, or (opened by a link) its address dropped. */
export const useCloseDialog = (): (() => void) => {
  const router = useRouter()
  const navigate = useNavigate()
  return useCallback(() => {
    if (router.history.location.state.dialogOpened === true) router.history.back()
    else
      void navigate({
        to: '.',
        search: (previous) => ({ ...previous, ...dialogSearch(null) }),
        replace: true,
      })
  }, [router, navigate])
}

/**
 * A desktop dialog address opened on a phone (a shared link) lands on the phone's route of the same dialog, in
 * place of the month's address: DESIGN's "a desktop address lands on the equivalent screen".
 */
export const usePhoneDialogRoute = (search: BudgetViewSearch): void => {
  const device = useDevice()
  const navigate = useNavigate()
  const params: { readonly budgetId?: string; readonly periodKey?: string } = useParams({ strict: false })
  const address = device === 'mobile' ? dialogOfSearch(search) : null
  const href =
    address === null || params.budgetId === undefined || params.periodKey === undefined
      ? null
      : mobileDialogHref(params.budgetId, params.periodKey, address)
  useEffect(() => {
    if (href !== null) void navigate({ href, replace: true })
  }, [href, navigate])
}

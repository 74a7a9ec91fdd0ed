import { useNavigate, useParams } from '@tanstack/react-router'
import { useCallback } from 'react'
import { useDevice } from '../../layouts/useDevice.ts'
import { currentPeriodKey } from '../../router/periodKey.ts'
import { type DialogAddress, dialogSearch, mobileDialogHref } from './address.ts'

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
      })
    },
    [device, navigate, budgetId, periodKey],
  )
}

/**
 * Closes the desktop dialog: its address is replaced by the same screen without it, at once and in order with any
 * next open (a `history.back()` would land later and could close the dialog opened after it). Phones' dialog
 * routes likewise close by going to their parent's address.
 */
export const useCloseDialog = (): (() => void) => {
  const navigate = useNavigate()
  return useCallback(() => {
    void navigate({ to: '.', search: (previous) => ({ ...previous, ...dialogSearch(null) }), replace: true })
  }, [navigate])
}

import { useActorRef, useSelector } from '@xstate/react'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import type { ActorRefFrom } from 'xstate'
import { getToastsRef } from '../../../machines/app/index.ts'
import { selectSubject } from '../../../machines/session/index.ts'
import { invitationMachine, membersMachine } from '../../../machines/sharing/index.ts'
import type { BudgetId, UserId } from '../../../schemas/ids.ts'
import { useLoadApi } from '../../api/ApiContext.tsx'
import { useAppActor } from '../../app/AppActor.tsx'
import { useAuth } from '../../auth/AuthContext.tsx'
import { regionalLocale } from '../../i18n/regionalLocale.ts'
import { createSharingPort } from '../../ports/sharingPort.ts'

export type MembersRef = ActorRefFrom<typeof membersMachine>
export type InvitationRef = ActorRefFrom<typeof invitationMachine>

const useSharingPort = () => {
  const loadApi = useLoadApi()
  return useMemo(() => createSharingPort(loadApi), [loadApi])
}

/** The members and invitations of one budget for one screen: read on mount, written through the sharing API. */
export const useMembersActor = (budgetId: BudgetId, owner: boolean): MembersRef => {
  const app = useAppActor()
  const { session } = useAuth()
  // The session's subject is the user's id as the API knows it (the token's `sub`).
  const me = useSelector(session, selectSubject) as UserId | null
  const port = useSharingPort()
  return useActorRef(membersMachine, { input: { port, budgetId, me, owner, toasts: getToastsRef(app) } })
}

/** The invitation behind a link, read on mount. */
export const useInvitationActor = (token: string): InvitationRef =>
  useActorRef(invitationMachine, { input: { port: useSharingPort(), token } })

/** A date (ISO instant) as the person's language writes it, e.g. "27 lis 2026". */
export const useDateFormat = (withTime = false) => {
  const { i18n } = useTranslation()
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(regionalLocale(i18n.resolvedLanguage), {
      dateStyle: 'medium',
      ...(withTime ? { timeStyle: 'short' } : {}),
    })
    return (iso: string) => format.format(new Date(iso))
  }, [i18n.resolvedLanguage, withTime])
}

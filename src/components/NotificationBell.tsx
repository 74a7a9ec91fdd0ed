import { useSelector } from '@xstate/react'
import { lazy, Suspense, useEffect, useState } from 'react'
import { Button } from 'react-aria-components'
import { useTranslation } from 'react-i18next'
import { type NotificationsRef, selectNotificationsActor } from '../../machines/app/index.ts'
import { selectIsActive, selectUnreadCount } from '../../machines/notifications/notifications.selectors.ts'
import { selectIsSignedIn, selectSubject } from '../../machines/session/session.selectors.ts'
import type { UserId } from '../../schemas/ids.ts'
import { useAppActor } from '../app/AppActor.tsx'
import { useAuth } from '../auth/AuthContext.tsx'
import { BellIcon } from './icons.tsx'

// The centre's list (and react-aria's overlay code) loads when the bell is first hovered, focused or pressed.
const loadCentre = () => import('../views/notifications/NotificationCentre.tsx')
const NotificationCentre = lazy(loadCentre)

/** The centre the app hosts (none in the shell's tests). */
export const useNotificationsActor = (): NotificationsRef | undefined =>
  useSelector(useAppActor(), selectNotificationsActor)

/** Tells the centre who is signed in, so it reads (and polls) only for a user, and forgets on sign-out. */
export const useNotificationsSession = (): void => {
  const centre = useNotificationsActor()
  const { session } = useAuth()
  const signedIn = useSelector(session, selectIsSignedIn)
  const subject = useSelector(session, selectSubject)
  useEffect(() => {
    if (centre === undefined) return
    // The subject is the user's id as the API knows it (the token's `sub`).
    if (signedIn && subject !== null)
      centre.send({ type: 'notifications.signedIn', userId: subject as UserId })
    else centre.send({ type: 'notifications.signedOut' })
  }, [centre, signedIn, subject])
}

/** The bell's name says how many are unread ("Powiadomienia, 3 nieprzeczytane"); the badge shows the number. */
export const BellFace = ({ unread }: { readonly unread: number }) => (
  <>
    <BellIcon />
    {unread > 0 ? (
      <span className="bell__badge" aria-hidden="true">
        {unread > 99 ? '99+' : unread}
      </span>
    ) : null}
  </>
)

export const useBellLabel = (unread: number): string => {
  const { t } = useTranslation()
  return unread > 0 ? t('header.notificationsUnread', { count: unread }) : t('header.notifications')
}

const BellStandIn = ({
  centre,
  onPress,
}: {
  readonly centre: NotificationsRef
  readonly onPress: () => void
}) => {
  const unread = useSelector(centre, selectUnreadCount)
  const preload = () => {
    void loadCentre()
  }
  return (
    <Button
      className="icon-button bell"
      aria-label={useBellLabel(unread)}
      aria-haspopup="dialog"
      onHoverStart={preload}
      onFocus={preload}
      onPress={onPress}
    >
      <BellFace unread={unread} />
    </Button>
  )
}

/** The header's bell: the unread count, and the notification centre when pressed (shown only while signed in). */
export const NotificationBell = () => {
  const centre = useNotificationsActor()
  if (centre === undefined) return null
  return <ActiveBell centre={centre} />
}

const ActiveBell = ({ centre }: { readonly centre: NotificationsRef }) => {
  const active = useSelector(centre, selectIsActive)
  const [pressed, setPressed] = useState(false)
  if (!active) return null
  const standIn = (
    <BellStandIn
      centre={centre}
      onPress={() => {
        centre.send({ type: 'notifications.refresh' })
        setPressed(true)
      }}
    />
  )
  return pressed ? (
    <Suspense fallback={standIn}>
      <NotificationCentre centre={centre} defaultOpen />
    </Suspense>
  ) : (
    standIn
  )
}

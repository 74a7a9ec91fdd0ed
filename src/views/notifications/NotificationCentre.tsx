import './texts.ts'
import './notifications.css'
import { useRouter } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { useId, useRef, useState } from 'react'
import { Button, Dialog, DialogTrigger, Heading, Modal, ModalOverlay, Popover } from 'react-aria-components'
import { useTranslation } from 'react-i18next'
import type { NotificationsRef } from '../../../machines/app/index.ts'
import {
  selectCanLoadMore,
  selectCanMarkAllRead,
  selectIsLoadingMore,
  selectIsStale,
  selectListStatus,
  selectNotifications,
  selectUnreadCount,
} from '../../../machines/notifications/index.ts'
import type { Notification } from '../../../schemas/notifications.ts'
import { CloseIcon } from '../../components/icons.tsx'
import { BellFace, useBellLabel } from '../../components/NotificationBell.tsx'
import { regionalLocale } from '../../i18n/regionalLocale.ts'
import { useDevice } from '../../layouts/useDevice.ts'
import { equivalentAddress } from '../../router/equivalentAddress.ts'
import { currentPeriodKey } from '../../router/periodKey.ts'
import { wordingOf } from './wording.ts'

/** A link of a notification (a desktop path) as this device's address: the phone's equivalent screen. */
const addressOn = (device: 'desktop' | 'mobile', link: string): string => {
  if (device === 'desktop') return link
  const url = new URL(link, 'http://koperta.invalid')
  return (
    equivalentAddress(
      device,
      { pathname: url.pathname, searchStr: url.search },
      currentPeriodKey(new Date()),
    ) ?? link
  )
}

function Entry({
  notification,
  onOpen,
}: {
  readonly notification: Notification
  readonly onOpen: (notification: Notification) => void
}) {
  const { t, i18n } = useTranslation()
  const locale = regionalLocale(i18n.resolvedLanguage)
  const { title, body } = wordingOf(t, notification, locale)
  const unread = notification.readAt === null
  const when = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(notification.createdAt),
  )
  return (
    <li className="notification" data-unread={unread || undefined}>
      <Button className="notification__button" onPress={() => onOpen(notification)}>
        <span className="notification__title">
          {unread ? <span className="notification__dot" aria-hidden="true" /> : null}
          {title}
        </span>
        <span className="notification__body">{body}</span>
        <span className="notification__meta">
          <time dateTime={notification.createdAt}>{when}</time>
          {unread ? <span className="visually-hidden">{`, ${t('notifications.centre.unread')}`}</span> : null}
        </span>
      </Button>
    </li>
  )
}

function CentreList({ centre, close }: { readonly centre: NotificationsRef; readonly close: () => void }) {
  const { t } = useTranslation()
  const router = useRouter()
  const device = useDevice()
  const status = useSelector(centre, selectListStatus)
  const items = useSelector(centre, selectNotifications)
  const stale = useSelector(centre, selectIsStale)
  const canMarkAll = useSelector(centre, selectCanMarkAllRead)
  const unread = useSelector(centre, selectUnreadCount)
  const canLoadMore = useSelector(centre, selectCanLoadMore)
  const loadingMore = useSelector(centre, selectIsLoadingMore)
  const headingId = useId()
  const open = (notification: Notification) => {
    centre.send({ type: 'notifications.markRead', id: notification.id })
    // Opened is done with, link or not: the panel gives way (and the focus goes back to the bell).
    close()
    if (notification.link !== null) router.history.push(addressOn(device, notification.link))
  }
  return (
    <>
      <div className="notifications__header">
        <Heading slot="title" id={headingId} className="notifications__title">
          {t('notifications.centre.title')}
        </Heading>
        <Button className="icon-button" aria-label={t('notifications.centre.close')} onPress={close}>
          <CloseIcon />
        </Button>
      </div>
      {/* Nothing unread, nothing to mark: an always-there button read as if something were waiting. */}
      {unread > 0 ? (
        <Button
          className="button button--quiet notifications__mark-all"
          isDisabled={!canMarkAll}
          onPress={() => centre.send({ type: 'notifications.markAllRead' })}
        >
          {t('notifications.centre.markAllRead')}
        </Button>
      ) : null}
      {status === 'loading' ? (
        <p className="notifications__state" role="status">
          {t('notifications.centre.loading')}
        </p>
      ) : status === 'failed' ? (
        <div className="notifications__state" role="alert">
          <p>{t('notifications.centre.loadFailed')}</p>
          <Button className="button" onPress={() => centre.send({ type: 'notifications.refresh' })}>
            {t('notifications.centre.retry')}
          </Button>
        </div>
      ) : items.length === 0 ? (
        <p className="notifications__state">{t('notifications.centre.empty')}</p>
      ) : (
        <>
          {stale ? (
            <p className="notifications__stale" role="status">
              {t('notifications.centre.stale')}
            </p>
          ) : null}
          <ul className="notifications__list" aria-labelledby={headingId}>
            {items.map((notification) => (
              <Entry key={notification.id} notification={notification} onOpen={open} />
            ))}
          </ul>
          {canLoadMore || loadingMore ? (
            <Button
              className="button notifications__more"
              isDisabled={loadingMore}
              onPress={() => centre.send({ type: 'notifications.loadMore' })}
            >
              {loadingMore ? t('notifications.centre.loadingMore') : t('notifications.centre.loadMore')}
            </Button>
          ) : null}
        </>
      )}
    </>
  )
}

/**
 * The notification centre: the bell opens a popover beside it on desktop and a full-height sheet on the phone.
 * react-aria closes it on Escape (and outside presses) and returns focus to the bell. Opening reads the newest page.
 */
export default function NotificationCentre({
  centre,
  defaultOpen = false,
}: {
  readonly centre: NotificationsRef
  readonly defaultOpen?: boolean
}) {
  const device = useDevice()
  const unread = useSelector(centre, selectUnreadCount)
  const label = useBellLabel(unread)
  const [isOpen, setOpen] = useState(defaultOpen)
  const bell = useRef<HTMLButtonElement>(null)
  const onOpenChange = (open: boolean) => {
    setOpen(open)
    if (open) centre.send({ type: 'notifications.refresh' })
    // Back to the bell, also when the centre first opened over the stand-in button it replaced.
    else requestAnimationFrame(() => bell.current?.focus())
  }
  const content = (
    <Dialog className="notifications">{({ close }) => <CentreList centre={centre} close={close} />}</Dialog>
  )
  return (
    <DialogTrigger isOpen={isOpen} onOpenChange={onOpenChange}>
      <Button ref={bell} className="icon-button bell" aria-label={label} aria-haspopup="dialog">
        <BellFace unread={unread} />
      </Button>
      {device === 'mobile' ? (
        <ModalOverlay className="modal-overlay notifications__overlay" isDismissable>
          <Modal className="modal modal--sheet notifications__sheet">{content}</Modal>
        </ModalOverlay>
      ) : (
        <Popover className="popover notifications__popover" placement="bottom end">
          {content}
        </Popover>
      )}
    </DialogTrigger>
  )
}

import { useSelector } from '@xstate/react'
import type { CSSProperties } from 'react'
import { Button } from 'react-aria-components'
import { useTranslation } from 'react-i18next'
import { selectIsMobile } from '../../machines/app/index.ts'
import {
  selectToasts,
  TOAST_AUTO_HIDE_MS,
  TOAST_LEAVE_ANIMATION_MS,
  type ToastView,
} from '../../machines/toasts/index.ts'
import { selectToastsActor, useAppActor } from '../app/AppActor.tsx'
import { CloseIcon } from './icons.tsx'

// The CSS animations run exactly as long as the machine's timers (SPEC §9: 5 s, 300 ms).
const timingStyle = {
  '--toast-duration': `${TOAST_AUTO_HIDE_MS}ms`,
  '--toast-leave': `${TOAST_LEAVE_ANIMATION_MS}ms`,
} as CSSProperties // CSSProperties has no index signature for custom properties.

const EMPTY: ReadonlyArray<ToastView> = []

/**
 * SPEC §2/§8 toasts: desktop shows corner popups with a close button, mobile a bar with a progress line
 * and an OK button. Errors are announced assertively (role=alert), the rest politely (role=status).
 */
export const Toasts = () => {
  const { t } = useTranslation()
  const app = useAppActor()
  const isMobile = useSelector(app, selectIsMobile)
  const toastsActor = useSelector(app, selectToastsActor)
  const toasts = useSelector(toastsActor, (snapshot) => (snapshot ? selectToasts(snapshot) : EMPTY))
  const dismiss = (id: string) => toastsActor?.send({ type: 'toast.dismiss', id })

  return (
    <section className="toasts" data-mobile={isMobile} aria-label={t('toast.region')} style={timingStyle}>
      {toasts.map((toast) => (
        <div
          key={toast.id}
          className="toast"
          data-kind={toast.kind}
          data-leaving={toast.leaving}
          role={toast.kind === 'error' ? 'alert' : 'status'}
        >
          <div className="toast__content">
            <p className="toast__title">{t(toast.titleKey)}</p>
            <p className="toast__message">
              {toast.message ?? (toast.messageKey === undefined ? null : t(toast.messageKey))}
            </p>
            {toast.details?.map((line) => (
              <p key={line} className="toast__detail">
                {line}
              </p>
            ))}
          </div>
          {isMobile ? (
            <Button className="toast__ok" onPress={() => dismiss(toast.id)}>
              {t('toast.ok')}
            </Button>
          ) : (
            <Button
              className="icon-button toast__close"
              aria-label={t('toast.close')}
              onPress={() => dismiss(toast.id)}
            >
              <CloseIcon />
            </Button>
          )}
          {isMobile ? <div className="toast__progress" aria-hidden="true" /> : null}
        </div>
      ))}
    </section>
  )
}

import { type ErrorComponentProps, useRouter } from '@tanstack/react-router'
import { Button } from 'react-aria-components'
import { useTranslation } from 'react-i18next'

/** Shown in place of a view that failed (typically its on-demand chunk did not load). */
export const RouteError = ({ reset }: ErrorComponentProps) => {
  const { t } = useTranslation()
  const router = useRouter()
  return (
    <section className="notice notice--error" role="alert">
      <h2 className="notice__title">{t('errors.viewLoadTitle')}</h2>
      <p>{t('errors.viewLoadBody')}</p>
      <Button
        className="button"
        onPress={() => {
          reset()
          void router.invalidate()
        }}
      >
        {t('errors.retry')}
      </Button>
    </section>
  )
}

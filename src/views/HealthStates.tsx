import { useRouter } from '@tanstack/react-router'
import { Button } from 'react-aria-components'
import { useTranslation } from 'react-i18next'

/** Shown while /health is being asked (route pendingComponent). */
export const HealthLoading = () => {
  const { t } = useTranslation()
  return (
    <p className="notice" role="status">
      {t('health.loading')}
    </p>
  )
}

/** Shown when /health could not be fetched or decoded (route errorComponent). */
export const HealthError = () => {
  const { t } = useTranslation()
  const router = useRouter()
  return (
    <section className="notice notice--error" role="alert">
      <p>{t('health.error')}</p>
      <Button className="button" onPress={() => void router.invalidate()}>
        {t('health.retry')}
      </Button>
    </section>
  )
}

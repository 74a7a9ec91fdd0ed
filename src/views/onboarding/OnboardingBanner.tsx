import './onboarding.css'
import './texts.ts'
import { useSelector } from '@xstate/react'
import { Button, Link } from 'react-aria-components'
import { useTranslation } from 'react-i18next'
import { selectOnboardingPlace } from '../../../machines/onboarding/index.ts'
import { paths } from '../../router/paths.ts'
import { useOnboardingActor } from './useOnboardingActor.ts'

/** Offers to resume an onboarding that was started and is neither completed nor dismissed; "Ukryj" dismisses it. */
export function OnboardingBanner() {
  const { t } = useTranslation()
  const onboarding = useOnboardingActor()
  const place = useSelector(onboarding, selectOnboardingPlace)
  if (place !== 'FirstStep' && place !== 'SecondStep' && place !== 'ThirdStep') return null
  return (
    <aside className="onboarding-banner" aria-label={t('onboarding.title')}>
      <p className="onboarding-banner__text">{t('onboarding.banner.text')}</p>
      <div className="onboarding-banner__actions">
        <Link className="button button--primary" href={paths.onboarding(place)}>
          {t('onboarding.banner.resume')}
        </Link>
        <Button
          className="button button--quiet"
          onPress={() => onboarding.send({ type: 'onboarding.dismiss' })}
        >
          {t('onboarding.banner.dismiss')}
        </Button>
      </div>
    </aside>
  )
}

import { Link } from 'react-aria-components'
import { useTranslation } from 'react-i18next'

export const NotFound = () => {
  const { t } = useTranslation()
  return (
    <section className="notice">
      <p>{t('errors.notFoundBody')}</p>
      <Link className="button" href="/">
        {t('errors.notFoundHome')}
      </Link>
    </section>
  )
}

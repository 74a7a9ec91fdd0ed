import { useId } from 'react'
import { useTranslation } from 'react-i18next'

/** The one placeholder for screens a later issue builds: says so plainly, pretends nothing. */
export const NotAvailable = () => {
  const { t } = useTranslation()
  const titleId = useId()
  return (
    <section className="notice" aria-labelledby={titleId}>
      <h2 id={titleId} className="notice__title">
        {t('notAvailable.title')}
      </h2>
      <p>{t('notAvailable.body')}</p>
    </section>
  )
}

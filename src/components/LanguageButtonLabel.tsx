import { useSelector } from '@xstate/react'
import { useTranslation } from 'react-i18next'
import { selectLocale } from '../../machines/app/index.ts'
import { useAppActor } from '../app/AppActor.tsx'

/** "Language: Polski" to a screen reader, "Polski" on screen (the visible text stays part of the name). */
export const LanguageButtonLabel = () => {
  const { t } = useTranslation()
  const locale = useSelector(useAppActor(), selectLocale)
  return (
    <>
      <span className="visually-hidden">{t('header.language')}: </span>
      <span lang={locale}>{t(`languages.${locale}`)}</span>
    </>
  )
}

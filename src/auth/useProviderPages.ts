import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { loadAuthSettings, type ProviderPages, providerPages } from './providerPages.ts'

/** Loading: the provider's configuration has not arrived yet. */
export type ProviderPagesState = ProviderPages | 'loading'

/** The provider's registration and account-deletion addresses, in the app's language. */
export const useProviderPages = (returnTo?: string): ProviderPagesState => {
  const { i18n } = useTranslation()
  const language = i18n.resolvedLanguage ?? 'pl'
  const [pages, setPages] = useState<ProviderPagesState>('loading')
  useEffect(() => {
    let current = true
    void loadAuthSettings().then((settings) => {
      if (current) setPages(providerPages(settings, window.location.origin, language, returnTo))
    })
    return () => {
      current = false
    }
  }, [language, returnTo])
  return pages
}

import type { TFunction } from 'i18next'
import { createContext, type ReactNode, useContext, useMemo } from 'react'
import { useTranslation } from 'react-i18next'

type SharedTranslation = { readonly t: TFunction; readonly locale: string }

const SharedTranslationContext = createContext<SharedTranslation | null>(null)

/**
 * One i18next subscription for the components a screen renders by the hundred (a month's rows, their amounts).
 * Each `useTranslation()` subscribes to i18next and builds its own `t` when it mounts, hundreds of them in a long
 * month's first render on a phone (docs/performance.md). These read the shell's through context instead, and still
 * render again when the language changes, because `t` is then a new function.
 */
export function SharedTranslationProvider({ children }: { readonly children: ReactNode }) {
  const { t, i18n } = useTranslation()
  const locale = i18n.resolvedLanguage ?? 'pl'
  const value = useMemo(() => ({ t, locale }), [t, locale])
  return <SharedTranslationContext value={value}>{children}</SharedTranslationContext>
}

/** The shell's `t` and language; only inside the app shell (every route renders there). */
export const useSharedTranslation = (): SharedTranslation => {
  const shared = useContext(SharedTranslationContext)
  if (shared === null)
    throw new Error('useSharedTranslation needs the SharedTranslationProvider of the app shell')
  return shared
}

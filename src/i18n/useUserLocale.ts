import { useSelector } from '@xstate/react'
import { useEffect, useRef } from 'react'
import { type Locale, selectLocale } from '../../machines/app/index.ts'
import { selectSubject } from '../../machines/session/session.selectors.ts'
import { UserSettings } from '../../schemas/user.ts'
import { useLoadApi } from '../api/ApiContext.tsx'
import type { LoadApi } from '../api/loadApi.ts'
import { useAppActor } from '../app/AppActor.tsx'
import { useAuth } from '../auth/AuthContext.tsx'

const readSettings = async (loadApi: LoadApi, signal: AbortSignal) =>
  (await loadApi()).getJson('/api/user-settings', UserSettings, { signal })

const recordLocale = async (loadApi: LoadApi, locale: Locale) =>
  (await loadApi()).putJson('/api/user-settings', { locale }, UserSettings)

/**
 * The user's language lives on the server (GET/PUT /api/user-settings), not only in this browser: once signed in,
 * the app takes the language the user chose (on the sign-in page, or in the app on another device); a server that
 * knows none learns this browser's. From then on every change of language, from any screen, is recorded. A failed
 * call changes nothing on screen: the browser's own choice still holds.
 */
export const useUserLocale = (): void => {
  const app = useAppActor()
  const locale = useSelector(app, selectLocale)
  const { session } = useAuth()
  const subject = useSelector(session, selectSubject)
  const loadApi = useLoadApi()
  // The user whose language is known, and that language as the server has it.
  const synced = useRef<{ readonly subject: string; readonly locale: Locale } | null>(null)

  useEffect(() => {
    if (subject === null) {
      synced.current = null
      return
    }
    const known = synced.current
    if (known?.subject === subject) {
      if (known.locale !== locale) {
        synced.current = { subject, locale }
        recordLocale(loadApi, locale).catch(() => undefined)
      }
      return
    }
    const controller = new AbortController()
    readSettings(loadApi, controller.signal).then(
      ({ locale: chosen }) => {
        synced.current = { subject, locale: chosen ?? locale }
        if (chosen === null) recordLocale(loadApi, locale).catch(() => undefined)
        else if (chosen !== locale) app.send({ type: 'locale.set', locale: chosen })
      },
      () => undefined,
    )
    return () => controller.abort()
  }, [app, loadApi, locale, subject])
}

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

/** Marks, for this tab's session, the user whose language was already taken from the server. */
const SYNCED_KEY = 'koperta.userLocaleSynced'

const sessionMark = {
  get: (): string | null => {
    try {
      return window.sessionStorage.getItem(SYNCED_KEY)
    } catch {
      return null
    }
  },
  set: (subject: string): void => {
    try {
      window.sessionStorage.setItem(SYNCED_KEY, subject)
    } catch {
      // Without session storage the language is taken again on the next load: harmless.
    }
  },
}

/**
 * The user's language lives on the server (GET/PUT /api/user-settings), not only in this browser. When a tab's
 * session starts (a sign-in, or another browser), the app takes the language the user chose, on the sign-in page or
 * in the app elsewhere; within the session, this browser's own choice holds over reloads. Every change of language
 * made while signed in, from any screen, is recorded. A failed call changes nothing on screen.
 */
export const useUserLocale = (): void => {
  const app = useAppActor()
  const locale = useSelector(app, selectLocale)
  const { session } = useAuth()
  const subject = useSelector(session, selectSubject)
  const loadApi = useLoadApi()
  // The user whose language is settled in this page, and that language: a later change is the user's choice.
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
    if (sessionMark.get() === subject) {
      synced.current = { subject, locale }
      return
    }
    const controller = new AbortController()
    readSettings(loadApi, controller.signal).then(
      ({ locale: chosen }) => {
        sessionMark.set(subject)
        synced.current = { subject, locale: chosen ?? locale }
        if (chosen !== null && chosen !== locale) app.send({ type: 'locale.set', locale: chosen })
      },
      () => undefined,
    )
    return () => controller.abort()
  }, [app, loadApi, locale, subject])
}

import type { TFunction } from 'i18next'
import { type Html, html, page } from './html.ts'
import type { PageLanguage } from './i18n.ts'

interface Common {
  readonly language: PageLanguage
  readonly t: TFunction
}

/**
 * The end-session confirmation. `form` is oidc-provider's own (empty) form with its xsrf token; the buttons submit
 * it through their `form` attribute, with `logout=yes` (sign out) or without (stay signed in).
 */
export const renderLogoutPage = ({ language, t, form }: Common & { form: Html }) =>
  page({
    language,
    t,
    title: t('logout.title'),
    path: '/auth/session/end',
    body: html`<p>${t('logout.question')}</p>${form}<div class="actions"><button type="submit" form="op.logoutForm" class="primary" name="logout" value="yes">${t('logout.confirm')}</button><button type="submit" form="op.logoutForm" class="secondary">${t('logout.cancel')}</button></div>`,
  })

export const renderLoggedOutPage = ({ language, t, appHref }: Common & { appHref: string }) =>
  page({
    language,
    t,
    title: t('loggedOut.title'),
    path: '/auth/session/end/success',
    body: html`<p>${t('loggedOut.message')}</p><p><a class="button primary" href="${appHref}">${t('loggedOut.back')}</a></p>`,
  })

/** Provider errors show their OAuth error code (not the description, which may echo request input). */
export const renderErrorPage = ({ language, t, code, appHref }: Common & { code: string; appHref: string }) =>
  page({
    language,
    t,
    title: t('error.title'),
    path: '/auth',
    body: html`<p>${t('error.message')}</p><p class="hint">${t('error.code')}: <code>${code}</code></p><p><a class="button primary" href="${appHref}">${t('error.back')}</a></p>`,
  })

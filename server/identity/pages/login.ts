import type { TFunction } from 'i18next'
import { alert, field, html, page } from './html.ts'
import type { PageLanguage } from './i18n.ts'
import type { FieldErrors } from './register.ts'

export interface LoginPageInput {
  readonly language: PageLanguage
  readonly t: TFunction
  readonly uid: string
  readonly email?: string
  readonly fieldErrors?: FieldErrors
  readonly formError?: string
  /** Keeps an explicitly chosen language across the form post. */
  readonly languageQuery: string
}

export const loginPagePath = (uid: string): string => `/auth/interaction/${encodeURIComponent(uid)}`
export const registerPath = '/Identity/Account/Register'

export const renderLoginPage = (input: LoginPageInput): string => {
  const { t, uid } = input
  const path = loginPagePath(uid)
  const registerHref = `${registerPath}?interaction=${encodeURIComponent(uid)}${input.languageQuery.replace('?', '&')}`
  const forgotHref = `/Identity/Account/ForgotPassword?interaction=${encodeURIComponent(uid)}${input.languageQuery.replace('?', '&')}`
  return page({
    language: input.language,
    t,
    title: t('login.title'),
    path,
    body: html`${alert(input.formError)}<form method="post" action="${`${path}/login${input.languageQuery}`}" novalidate>${field(
      {
        name: 'email',
        label: t('fields.email'),
        type: 'email',
        autocomplete: 'username',
        ...(input.email === undefined ? {} : { value: input.email }),
        error: input.fieldErrors?.email,
      },
    )}${field({
      name: 'password',
      label: t('fields.password'),
      type: 'password',
      autocomplete: 'current-password',
      error: input.fieldErrors?.password,
    })}<button type="submit" class="primary">${t('login.submit')}</button></form><p class="aside"><a href="${forgotHref}">${t('login.forgotPassword')}</a></p><p class="aside">${t('login.noAccount')} <a href="${registerHref}">${t('login.register')}</a></p>`,
  })
}

import type { TFunction } from 'i18next'
import { minimumPasswordLength } from '../passwords.ts'
import { alert, field, html, page } from './html.ts'
import type { PageLanguage } from './i18n.ts'

export interface FieldErrors {
  readonly email?: string | undefined
  readonly password?: string | undefined
}

export interface RegisterPageInput {
  readonly language: PageLanguage
  readonly t: TFunction
  /** Where the form posts, with its query (interaction or returnUrl, lang). */
  readonly action: string
  /** Where "sign in instead" leads. */
  readonly signInHref: string | undefined
  readonly email?: string
  readonly fieldErrors?: FieldErrors
  readonly formError?: string
}

export const renderRegisterPage = (input: RegisterPageInput): string => {
  const { t } = input
  const hasErrors = input.fieldErrors?.email !== undefined || input.fieldErrors?.password !== undefined
  return page({
    language: input.language,
    t,
    title: t('register.title'),
    path: '/Identity/Account/Register',
    // The language links keep the sign-in it belongs to (interaction or returnUrl): without it, registering in the
    // chosen language ended on a "sign in now" page instead of in the app.
    query: Object.fromEntries(
      [...new URL(input.action, 'http://localhost').searchParams].filter(([key]) => key !== 'lang'),
    ),
    body: html`${alert(input.formError ?? (hasErrors ? t('errors.summary') : undefined))}<form method="post" action="${input.action}" novalidate>${field(
      {
        name: 'email',
        label: t('fields.email'),
        type: 'email',
        autocomplete: 'email',
        ...(input.email === undefined ? {} : { value: input.email }),
        error: input.fieldErrors?.email,
      },
    )}${field({
      name: 'password',
      label: t('fields.password'),
      type: 'password',
      autocomplete: 'new-password',
      hint: t('fields.passwordRule', { min: minimumPasswordLength }),
      error: input.fieldErrors?.password,
    })}<button type="submit" class="primary">${t('register.submit')}</button></form>${
      input.signInHref === undefined
        ? html``
        : html`<p class="aside">${t('register.haveAccount')} <a href="${input.signInHref}">${t('register.signIn')}</a></p>`
    }`,
  })
}

import type { TFunction } from 'i18next'
import { alert, field, html, nothing, page } from './html.ts'
import type { PageLanguage } from './i18n.ts'
import type { FieldErrors } from './register.ts'

interface Common {
  readonly language: PageLanguage
  readonly t: TFunction
}

export const forgotPasswordPath = '/Identity/Account/ForgotPassword'
export const resetPasswordPath = '/Identity/Account/ResetPassword'
export const deleteAccountPath = '/Identity/Account/Delete'

export const renderForgotPage = ({
  language,
  t,
  action,
  backHref,
  email,
  emailError,
  sent,
}: Common & {
  action: string
  backHref: string | undefined
  email?: string
  emailError?: string | undefined
  sent: boolean
}) =>
  page({
    language,
    t,
    title: t('forgot.title'),
    path: forgotPasswordPath,
    body: sent
      ? html`<p role="status">${t('forgot.sent')}</p>${
          backHref === undefined ? nothing : html`<p><a href="${backHref}">${t('forgot.back')}</a></p>`
        }`
      : html`<p>${t('forgot.intro')}</p><form method="post" action="${action}" novalidate>${field({
          name: 'email',
          label: t('fields.email'),
          type: 'email',
          autocomplete: 'email',
          ...(email === undefined ? {} : { value: email }),
          error: emailError,
        })}<button type="submit" class="primary">${t('forgot.submit')}</button></form>${
          backHref === undefined
            ? nothing
            : html`<p class="aside"><a href="${backHref}">${t('forgot.back')}</a></p>`
        }`,
  })

export const renderResetPage = ({
  language,
  t,
  secret,
  passwordError,
  passwordRule,
}: Common & { secret: string; passwordError?: string | undefined; passwordRule: string }) =>
  page({
    language,
    t,
    title: t('reset.title'),
    path: resetPasswordPath,
    body: html`<form method="post" action="${resetPasswordPath}?lang=${language}" novalidate><input type="hidden" name="reset" value="${secret}">${field(
      {
        name: 'password',
        label: t('fields.newPassword'),
        type: 'password',
        autocomplete: 'new-password',
        hint: passwordRule,
        error: passwordError,
      },
    )}<button type="submit" class="primary">${t('reset.submit')}</button></form>`,
  })

export const renderMessagePage = ({
  language,
  t,
  title,
  message,
  link,
  path,
}: Common & { title: string; message: string; link: { href: string; text: string }; path: string }) =>
  page({
    language,
    t,
    title,
    path,
    body: html`<p role="status">${message}</p><p><a class="button primary" href="${link.href}">${link.text}</a></p>`,
  })

export const renderDeletePage = ({
  language,
  t,
  action,
  cancelHref,
  email,
  fieldErrors,
  formError,
}: Common & {
  action: string
  cancelHref: string
  email?: string
  fieldErrors?: FieldErrors
  formError?: string | undefined
}) =>
  page({
    language,
    t,
    title: t('delete.title'),
    path: deleteAccountPath,
    body: html`${alert(formError)}<p>${t('delete.warning')}</p><p class="hint">${t('delete.confirmHint')}</p><form method="post" action="${action}" novalidate>${field(
      {
        name: 'email',
        label: t('fields.email'),
        type: 'email',
        autocomplete: 'username',
        ...(email === undefined ? {} : { value: email }),
        error: fieldErrors?.email,
      },
    )}${field({
      name: 'password',
      label: t('fields.password'),
      type: 'password',
      autocomplete: 'current-password',
      error: fieldErrors?.password,
    })}<div class="actions"><button type="submit" class="danger">${t('delete.submit')}</button><a class="button secondary" href="${cancelHref}">${t('delete.cancel')}</a></div></form>`,
  })

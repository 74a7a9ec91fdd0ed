import type { TFunction } from 'i18next'
import { type PageLanguage, pageLanguages } from './i18n.ts'

/** HTML text produced here is already escaped; plain strings are escaped when interpolated. */
export type Html = { readonly html: string }

const escapeText = (text: string): string =>
  text.replace(/[&<>"']/gu, (character) => `&#${character.charCodeAt(0)};`)

export const html = (
  strings: TemplateStringsArray,
  ...values: ReadonlyArray<string | Html | readonly Html[]>
): Html => ({
  html: strings.reduce((out, part, index) => {
    const value = values[index - 1]
    const rendered =
      value === undefined
        ? ''
        : typeof value === 'string'
          ? escapeText(value)
          : 'html' in value
            ? value.html
            : value.map((item) => item.html).join('')
    return out + rendered + part
  }),
})

export const nothing: Html = { html: '' }

export const stylesheetPath = '/auth/assets/identity.css'

export interface PageInput {
  readonly language: PageLanguage
  readonly t: TFunction
  readonly title: string
  /** Path of this page without a query, for the language links. */
  readonly path: string
  /** The page's other query parameters, kept by the language links. */
  readonly query?: Readonly<Record<string, string>>
  readonly body: Html
}

const hrefFor = (
  path: string,
  query: Readonly<Record<string, string>> | undefined,
  language: string,
): string => `${path}?${new URLSearchParams({ ...query, lang: language }).toString()}`

const languageLinks = ({ language, t, path, query }: PageInput): Html =>
  html`<nav class="languages" aria-label="${t('language')}"><ul>${pageLanguages.map(
    (code) =>
      html`<li><a href="${hrefFor(path, query, code)}" lang="${code}"${code === language ? html` aria-current="true"` : nothing}>${t(`languages.${code}`)}</a></li>`,
  )}</ul></nav>`

/** One page: no inline scripts or styles (the CSP allows only this origin's files). */
export const page = (input: PageInput): string =>
  `<!doctype html>${
    html`<html lang="${input.language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="referrer" content="same-origin"><title>${input.title} · ${input.t('appName')}</title><link rel="stylesheet" href="${stylesheetPath}"><script src="/theme-init.js"></script></head><body><main class="card"><p class="brand">${input.t('appName')}</p><h1>${input.title}</h1>${input.body}</main>${languageLinks(input)}</body></html>`
      .html
  }`

export interface FieldInput {
  readonly name: string
  readonly label: string
  readonly type: 'email' | 'password' | 'text'
  readonly autocomplete: string
  readonly value?: string
  readonly error?: string | undefined
  readonly hint?: string
}

/** A labelled input whose hint and error are tied to it through aria-describedby. */
export const field = ({ name, label, type, autocomplete, value, error, hint }: FieldInput): Html => {
  const hintId = `${name}-hint`
  const errorId = `${name}-error`
  const describedBy = [hint === undefined ? undefined : hintId, error === undefined ? undefined : errorId]
    .filter((id) => id !== undefined)
    .join(' ')
  return html`<div class="field${error === undefined ? '' : ' field--invalid'}"><label for="${name}">${label}</label>${
    hint === undefined ? nothing : html`<p class="hint" id="${hintId}">${hint}</p>`
  }<input id="${name}" name="${name}" type="${type}" autocomplete="${autocomplete}" aria-required="true"${
    value === undefined ? nothing : html` value="${value}"`
  }${error === undefined ? nothing : html` aria-invalid="true"`}${
    describedBy === '' ? nothing : html` aria-describedby="${describedBy}"`
  }>${error === undefined ? nothing : html`<p class="field-error" id="${errorId}">${error}</p>`}</div>`
}

export const alert = (message: string | undefined): Html =>
  message === undefined ? nothing : html`<p class="alert" role="alert">${message}</p>`

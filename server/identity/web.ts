import type { FastifyReply, FastifyRequest } from 'fastify'
import { hasUnsafeCodeUnits } from '../../schemas/text.ts'
import { prefersHtml } from '../http/negotiation.ts'
import { isProblemError } from '../http/problem.ts'
import { contentSecurityPolicy } from '../plugins/security.ts'
import type { IdentityConfig } from './config.ts'
import { renderMessagePage } from './pages/account.ts'
import { type PageLanguage, pickLanguage, translate } from './pages/i18n.ts'

/**
 * Reads one cookie from the request (the app registers no cookie parser; these pages need two values). A value that
 * is not valid percent-encoding, or that holds text no database can (server/http/textSafety.ts), reads as absent:
 * decoding threw, and the sign-in page answered 500.
 */
export const readCookie = (request: FastifyRequest, name: string): string | undefined => {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const separator = part.indexOf('=')
    if (separator > 0 && part.slice(0, separator).trim() === name) {
      try {
        const value = decodeURIComponent(part.slice(separator + 1).trim())
        return hasUnsafeCodeUnits(value) ? undefined : value
      } catch {
        return undefined
      }
    }
  }
  return undefined
}

export interface CookieOptions {
  readonly path: string
  readonly maxAgeSeconds: number
  readonly secure: boolean
}

/** HttpOnly and SameSite=Lax always; Secure whenever the public origin is https. */
export const serializeCookie = (
  name: string,
  value: string,
  { path, maxAgeSeconds, secure }: CookieOptions,
) =>
  [
    `${name}=${encodeURIComponent(value)}`,
    `Path=${path}`,
    `Max-Age=${maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ].join('; ')

/**
 * The app's policy, except that forms may also lead to the web app's origins: a sign-in form's answer redirects
 * through the provider to the app's /callback, and browsers check form-action along the redirect chain.
 */
export const pageContentSecurityPolicy = (config: IdentityConfig): string =>
  Object.entries({ ...contentSecurityPolicy, 'form-action': ["'self'", ...config.webOrigins] })
    .map(([directive, values]) => `${directive} ${values.join(' ')}`)
    .join('; ')

export interface PageContext {
  readonly language: PageLanguage
  readonly t: ReturnType<typeof translate>
  /** `?lang=xx` when the user chose a language explicitly, else empty: forms keep the choice. */
  readonly languageQuery: string
}

/**
 * `uiLocales` is the app's language, sent with the sign-in request (OIDC `ui_locales`, space-separated): it comes
 * before the browser's Accept-Language, but it is no choice made on the page, so forms do not carry it.
 */
export const pageContext = (
  request: FastifyRequest,
  query: { lang?: unknown } | undefined,
  uiLocales?: unknown,
): PageContext => {
  const explicit = typeof query?.lang === 'string' ? query.lang : undefined
  const accept = request.headers['accept-language']
  const hinted =
    typeof uiLocales === 'string' && uiLocales.trim() !== ''
      ? [uiLocales.trim().split(/\s+/u).join(','), ...(accept === undefined ? [] : [accept])].join(',')
      : accept
  const language = pickLanguage(explicit, hinted)
  return {
    language,
    t: translate(language),
    languageQuery: explicit === undefined ? '' : `?lang=${language}`,
  }
}

export const sendPage = (reply: FastifyReply, config: IdentityConfig, status: number, body: string) =>
  reply
    .code(status)
    .header('content-security-policy', pageContentSecurityPolicy(config))
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(body)

/**
 * Account forms accept posts from their own origin only: a cross-site page could otherwise register an account of
 * its choosing in the visitor's browser (and with it the sign-in note) or flood reset mails. Browsers name the
 * posting origin in `Origin` and `Sec-Fetch-Site`; requests without either (curl, tests) are not browsers'.
 */
export const isCrossSitePost = (request: FastifyRequest, config: IdentityConfig): boolean => {
  if (request.method !== 'POST') return false
  // Browsers that send Fetch Metadata say exactly where a post comes from; trust it first.
  const site = request.headers['sec-fetch-site']
  if (site !== undefined) return site !== 'same-origin' && site !== 'none'
  // Otherwise the Origin header; "null" (a no-referrer policy, a sandboxed frame) names no site to compare.
  const origin = request.headers.origin
  return origin !== undefined && origin !== 'null' && origin !== config.publicOrigin
}

/**
 * The error handler of the HTML pages: a request the app's shared input check refused (text no database can hold,
 * server/http/textSafety.ts) gets a 400 page saying so, in the visitor's language, instead of a problem document
 * a browser would show as JSON. Any other error goes on to the app's handler. The provider's mount answers only
 * browser navigations (Accept prefers HTML) with the page.
 */
export const pageRefusalHandler =
  (config: IdentityConfig, backHref: string, { browsersOnly = false } = {}) =>
  async (error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    if (!isProblemError(error) || error.problem.code !== 'validation_failed') throw error
    // The provider's endpoints serve programs too (token, revocation): they keep the problem document.
    if (browsersOnly && !prefersHtml(request.headers.accept)) throw error
    const page = pageContext(request, { lang: Reflect.get(request.query ?? {}, 'lang') })
    return sendPage(
      reply,
      config,
      400,
      renderMessagePage({
        ...page,
        title: page.t('refused.title'),
        message: page.t('refused.message'),
        link: { href: backHref, text: page.t('error.back') },
        // The raw path: percent-encoded, so it holds none of the refused characters.
        path: request.url.split('?')[0] ?? '/',
      }),
    )
  }

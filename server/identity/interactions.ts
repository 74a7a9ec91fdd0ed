import { readFile } from 'node:fs/promises'
import formbody from '@fastify/formbody'
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import type Provider from 'oidc-provider'
import type { InteractionResults } from 'oidc-provider'
import { signIn } from './accounts.ts'
import type { IdentityConfig } from './config.ts'
import { checkEmail, checkNewPassword, checkRequired, type FieldErrorKey, textField } from './forms.ts'
import type { KeyMaterial } from './keys.ts'
import { stylesheetPath } from './pages/html.ts'
import { loginPagePath, registerPath, renderLoginPage } from './pages/login.ts'
import { type FieldErrors, renderRegisterPage } from './pages/register.ts'
import { renderErrorPage } from './pages/session.ts'
import { hashPassword } from './passwords.ts'
import { apiScope } from './provider.paths.ts'
import {
  issueRegisteredNote,
  readRegisteredNote,
  registeredCookieMaxAgeSeconds,
  registeredCookieName,
  registeredCookiePath,
} from './registered.ts'
import type { IdentityTables } from './tables.ts'
import { isThrottled, recordFailure, registrationKeys } from './throttle.ts'
import { createLocalUser, setUserLocale } from './users.ts'
import {
  isCrossSitePost,
  type PageContext,
  pageContext,
  pageRefusalHandler,
  readCookie,
  sendPage,
  serializeCookie,
} from './web.ts'

export interface InteractionsInput {
  readonly loadProvider: () => Promise<Provider>
  readonly db: Kysely<IdentityTables>
  readonly config: IdentityConfig
  readonly keys: KeyMaterial
}

type UidParams = { readonly uid: string }
type LangQuery = { readonly lang?: string; readonly interaction?: string; readonly returnUrl?: string }

const stylesheet = readFile(new URL('./pages/identity.css', import.meta.url), 'utf8')

const translateError = (page: PageContext, error: FieldErrorKey | undefined): string | undefined => {
  if (error === undefined) return undefined
  const { key, ...values } = error
  return page.t(key, values)
}

/** The sign-in interaction, consent for the first-party app, and registration: server-rendered pages. */
export const interactionPages =
  ({ loadProvider, db, config, keys }: InteractionsInput): FastifyPluginAsync =>
  async (scope) => {
    await scope.register(formbody)
    scope.addHook('preHandler', async (request, reply) => {
      if (isCrossSitePost(request, config)) {
        return reply.code(403).type('text/plain; charset=utf-8').send('cross-site form posts are refused')
      }
    })
    const appHref = `${config.webOrigins[0] ?? config.publicOrigin}/`
    scope.setErrorHandler(pageRefusalHandler(config, appHref))
    const cookieSecret = keys.cookieSecrets[0] ?? ''

    const errorPage = (request: FastifyRequest, reply: FastifyReply, status: number, code: string) => {
      const page = pageContext(request, {})
      return sendPage(reply, config, status, renderErrorPage({ ...page, code, appHref }))
    }

    /** Loads the interaction the browser's cookie names, and checks it is the one in the URL. */
    const interactionFor = async (request: FastifyRequest<{ Params: UidParams }>, reply: FastifyReply) => {
      try {
        const details = await (await loadProvider()).interactionDetails(request.raw, reply.raw)
        return details.uid === request.params.uid ? details : undefined
      } catch {
        return undefined
      }
    }

    const finish = async (request: FastifyRequest, reply: FastifyReply, result: InteractionResults) => {
      const returnTo = await (await loadProvider()).interactionResult(request.raw, reply.raw, result, {
        mergeWithLastSubmission: false,
      })
      return reply.code(303).header('cache-control', 'no-store').redirect(returnTo, 303)
    }

    /**
     * A language the person chose on the page (its switcher's `?lang=`) becomes the user's: the app opens in it and
     * so does every other browser (GET /api/user-settings). A language only guessed from the browser is not a choice.
     */
    const keepLanguageChoice = async (page: PageContext, userId: string): Promise<void> => {
      if (page.languageQuery !== '') await setUserLocale(db, userId, page.language)
    }

    const loginResult = (subject: string): InteractionResults => ({
      login: { accountId: subject, remember: true },
    })

    scope.get(stylesheetPath, async (_request, reply) =>
      reply
        .type('text/css; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(await stylesheet),
    )

    scope.get<{ Params: UidParams; Querystring: LangQuery }>(
      '/auth/interaction/:uid',
      async (request, reply) => {
        const details = await interactionFor(request, reply)
        if (details === undefined) return errorPage(request, reply, 400, 'session_not_found')
        const page = pageContext(request, request.query, details.params.ui_locales)

        if (details.prompt.name === 'login') {
          const registered = readRegisteredNote(keys.cookieSecrets, readCookie(request, registeredCookieName))
          if (registered !== undefined) {
            reply.header(
              'set-cookie',
              serializeCookie(registeredCookieName, '', {
                path: registeredCookiePath,
                maxAgeSeconds: 0,
                secure: config.secureCookies,
              }),
            )
            return finish(request, reply, loginResult(registered))
          }
          const hint = details.params.login_hint
          return sendPage(
            reply,
            config,
            200,
            renderLoginPage({
              ...page,
              uid: details.uid,
              ...(typeof hint === 'string' ? { email: hint } : {}),
            }),
          )
        }

        if (details.prompt.name === 'consent' && details.params.client_id === config.clientId) {
          // The first-party app never asks for consent: grant what it is missing and carry on.
          const accountId = details.session?.accountId
          if (accountId === undefined) return errorPage(request, reply, 400, 'login_required')
          const provider = await loadProvider()
          const grant =
            (details.grantId === undefined ? undefined : await provider.Grant.find(details.grantId)) ??
            new provider.Grant({ accountId, clientId: config.clientId })
          const missing = details.prompt.details
          const scopes = missing.missingOIDCScope
          if (Array.isArray(scopes)) grant.addOIDCScope(scopes.join(' '))
          const claims = missing.missingOIDCClaims
          if (Array.isArray(claims)) grant.addOIDCClaims(claims.map(String))
          const resourceScopes = missing.missingResourceScopes
          if (typeof resourceScopes === 'object' && resourceScopes !== null) {
            for (const [indicator, scopeList] of Object.entries(resourceScopes)) {
              if (Array.isArray(scopeList)) grant.addResourceScope(indicator, scopeList.join(' '))
            }
          }
          grant.addResourceScope(config.audience, apiScope)
          const grantId = await grant.save()
          return finish(request, reply, { consent: { grantId } })
        }

        return errorPage(request, reply, 400, 'interaction_required')
      },
    )

    scope.post<{ Params: UidParams; Querystring: LangQuery }>(
      '/auth/interaction/:uid/login',
      async (request, reply) => {
        const details = await interactionFor(request, reply)
        if (details === undefined) return errorPage(request, reply, 400, 'session_not_found')
        const page = pageContext(request, request.query, details.params.ui_locales)
        const email = textField(request.body, 'email').trim()
        const password = textField(request.body, 'password')
        const emailError = translateError(page, checkRequired(email))
        const passwordError = translateError(page, checkRequired(password))
        const rerender = (status: number, extra: { formError?: string; fieldErrors?: FieldErrors }) =>
          sendPage(reply, config, status, renderLoginPage({ ...page, uid: details.uid, email, ...extra }))
        if (emailError !== undefined || passwordError !== undefined) {
          return rerender(400, {
            fieldErrors: {
              ...(emailError === undefined ? {} : { email: emailError }),
              ...(passwordError === undefined ? {} : { password: passwordError }),
            },
          })
        }
        const result = await signIn(db, email, password, request.ip)
        if (result.kind === 'throttled') return rerender(429, { formError: page.t('errors.throttled') })
        if (result.kind === 'invalid')
          return rerender(401, { formError: page.t('errors.invalidCredentials') })
        request.log.info({ userId: result.user.id }, 'signed in')
        await keepLanguageChoice(page, result.user.id)
        return finish(request, reply, loginResult(result.user.subject))
      },
    )

    const safeReturnUrl = (returnUrl: string | undefined): string => {
      const fallback = `${config.webOrigins[0] ?? config.publicOrigin}/registration-callback`
      if (returnUrl === undefined) return fallback
      const url = URL.parse(returnUrl)
      return url !== null && config.webOrigins.includes(url.origin) ? url.href : fallback
    }

    const registerAction = (query: LangQuery, page: PageContext): string => {
      const params = new URLSearchParams()
      if (query.interaction !== undefined) params.set('interaction', query.interaction)
      else if (query.returnUrl !== undefined) params.set('returnUrl', query.returnUrl)
      if (page.languageQuery !== '') params.set('lang', page.language)
      const search = params.toString()
      return search === '' ? registerPath : `${registerPath}?${search}`
    }

    const signInHref = (query: LangQuery): string | undefined =>
      query.interaction === undefined ? undefined : loginPagePath(query.interaction)

    scope.get<{ Querystring: LangQuery }>(registerPath, async (request, reply) => {
      const page = pageContext(request, request.query)
      const href = signInHref(request.query)
      return sendPage(
        reply,
        config,
        200,
        renderRegisterPage({ ...page, action: registerAction(request.query, page), signInHref: href }),
      )
    })

    scope.post<{ Querystring: LangQuery }>(registerPath, async (request, reply) => {
      const page = pageContext(request, request.query)
      const email = textField(request.body, 'email').trim()
      const password = textField(request.body, 'password')
      let emailError = checkEmail(email)
      const passwordError = checkNewPassword(password)
      const throttleKeys = registrationKeys(request.ip)
      if (await isThrottled(db, throttleKeys)) {
        return sendPage(
          reply,
          config,
          429,
          renderRegisterPage({
            ...page,
            action: registerAction(request.query, page),
            signInHref: signInHref(request.query),
            email,
            formError: page.t('errors.tooManyRegistrations'),
          }),
        )
      }
      if (emailError === undefined && passwordError === undefined) {
        await recordFailure(db, throttleKeys)
        const created = await createLocalUser(db, email, await hashPassword(password))
        if (created.created) {
          request.log.info({ userId: created.user.id }, 'account registered')
          await keepLanguageChoice(page, created.user.id)
          reply.header(
            'set-cookie',
            serializeCookie(registeredCookieName, issueRegisteredNote(cookieSecret, created.user.subject), {
              path: registeredCookiePath,
              maxAgeSeconds: registeredCookieMaxAgeSeconds,
              secure: config.secureCookies,
            }),
          )
          const interaction = request.query.interaction
          const next =
            interaction === undefined ? safeReturnUrl(request.query.returnUrl) : loginPagePath(interaction)
          return reply.redirect(next, 303)
        }
        emailError = { key: 'errors.emailTaken' }
      }
      const fieldErrors = {
        ...(emailError === undefined ? {} : { email: translateError(page, emailError) }),
        ...(passwordError === undefined ? {} : { password: translateError(page, passwordError) }),
      }
      return sendPage(
        reply,
        config,
        400,
        renderRegisterPage({
          ...page,
          action: registerAction(request.query, page),
          signInHref: signInHref(request.query),
          email,
          fieldErrors,
        }),
      )
    })
  }

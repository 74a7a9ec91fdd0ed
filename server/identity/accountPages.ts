import formbody from '@fastify/formbody'
import type { FastifyPluginAsync } from 'fastify'
import type { Kysely } from 'kysely'
import { type AccountDeletionHook, deleteAccount } from './accountDeletion.ts'
import { signIn } from './accounts.ts'
import type { IdentityConfig } from './config.ts'
import { checkEmail, checkNewPassword, checkRequired, type FieldErrorKey, textField } from './forms.ts'
import type { SendMail } from './mailer.ts'
import {
  deleteAccountPath,
  forgotPasswordPath,
  renderDeletePage,
  renderForgotPage,
  renderMessagePage,
  renderResetPage,
  resetPasswordPath,
} from './pages/account.ts'
import { loginPagePath } from './pages/login.ts'
import { completePasswordReset, isResetUsable, requestPasswordReset } from './passwordReset.ts'
import { hashPassword, minimumPasswordLength } from './passwords.ts'
import type { IdentityTables } from './tables.ts'
import { isThrottled, recordFailure } from './throttle.ts'
import { isCrossSitePost, type PageContext, pageContext, pageRefusalHandler, sendPage } from './web.ts'

export interface AccountPagesInput {
  readonly db: Kysely<IdentityTables>
  readonly config: IdentityConfig
  readonly sendMail: SendMail
  readonly deletionHooks: readonly AccountDeletionHook[]
}

type AccountQuery = {
  readonly lang?: string
  readonly interaction?: string
  readonly returnUrl?: string
  readonly reset?: string
}

const resetRequestRule = { maxFailures: 10, windowMs: 15 * 60 * 1000 }

const translated = (page: PageContext, error: FieldErrorKey | undefined): string | undefined => {
  if (error === undefined) return undefined
  const { key, ...values } = error
  return page.t(key, values)
}

/** Password reset (link by mail, or in the log without SMTP) and account deletion. */
export const accountPages =
  ({ db, config, sendMail, deletionHooks }: AccountPagesInput): FastifyPluginAsync =>
  async (scope) => {
    await scope.register(formbody)
    scope.addHook('preHandler', async (request, reply) => {
      if (isCrossSitePost(request, config)) {
        return reply.code(403).type('text/plain; charset=utf-8').send('cross-site form posts are refused')
      }
    })
    const webOrigin = config.webOrigins[0] ?? config.publicOrigin
    scope.setErrorHandler(pageRefusalHandler(config, `${webOrigin}/`))

    const safeReturnUrl = (returnUrl: string | undefined, fallbackPath: string): string => {
      const url = returnUrl === undefined ? null : URL.parse(returnUrl)
      return url !== null && config.webOrigins.includes(url.origin) ? url.href : `${webOrigin}${fallbackPath}`
    }

    const withQuery = (
      path: string,
      query: AccountQuery,
      page: PageContext,
      keep: readonly ('interaction' | 'returnUrl')[],
    ) => {
      const params = new URLSearchParams()
      for (const name of keep) {
        const value = query[name]
        if (value !== undefined) params.set(name, value)
      }
      if (page.languageQuery !== '') params.set('lang', page.language)
      const search = params.toString()
      return search === '' ? path : `${path}?${search}`
    }

    const backToSignIn = (query: AccountQuery) =>
      query.interaction === undefined ? undefined : loginPagePath(query.interaction)

    scope.get<{ Querystring: AccountQuery }>(forgotPasswordPath, async (request, reply) => {
      const page = pageContext(request, request.query)
      const action = withQuery(forgotPasswordPath, request.query, page, ['interaction'])
      return sendPage(
        reply,
        config,
        200,
        renderForgotPage({ ...page, action, backHref: backToSignIn(request.query), sent: false }),
      )
    })

    scope.post<{ Querystring: AccountQuery }>(forgotPasswordPath, async (request, reply) => {
      const page = pageContext(request, request.query)
      const email = textField(request.body, 'email').trim()
      const emailError = translated(page, checkEmail(email))
      const backHref = backToSignIn(request.query)
      if (emailError !== undefined) {
        const action = withQuery(forgotPasswordPath, request.query, page, ['interaction'])
        return sendPage(
          reply,
          config,
          400,
          renderForgotPage({ ...page, action, backHref, email, emailError, sent: false }),
        )
      }
      const keys = [{ key: `reset-address:${request.ip}`, rule: resetRequestRule }]
      // The same answer whether or not the account exists, and whether or not this address asked too often.
      if (!(await isThrottled(db, keys))) {
        await recordFailure(db, keys)
        const reset = await requestPasswordReset(db, email)
        if (reset !== undefined && reset.user.email !== null) {
          const link = `${config.publicOrigin}${resetPasswordPath}?${new URLSearchParams({ reset: reset.secret, lang: page.language }).toString()}`
          // Not awaited: a slow mail server must not make existing accounts answer slower than unknown ones.
          sendMail({
            to: reset.user.email,
            subject: page.t('mail.resetSubject'),
            text: page.t('mail.resetBody', { link }),
          }).catch((error: unknown) => request.log.error({ err: error }, 'password reset mail failed'))
        }
      }
      return sendPage(reply, config, 200, renderForgotPage({ ...page, action: '', backHref, sent: true }))
    })

    const passwordRule = (page: PageContext) => page.t('fields.passwordRule', { min: minimumPasswordLength })

    const invalidLink = (page: PageContext) =>
      renderMessagePage({
        ...page,
        title: page.t('reset.title'),
        message: page.t('reset.invalid'),
        link: { href: forgotPasswordPath, text: page.t('reset.again') },
        path: resetPasswordPath,
      })

    scope.get<{ Querystring: AccountQuery }>(resetPasswordPath, async (request, reply) => {
      const page = pageContext(request, request.query)
      const secret = request.query.reset ?? ''
      if (secret === '' || !(await isResetUsable(db, secret)))
        return sendPage(reply, config, 400, invalidLink(page))
      return sendPage(
        reply,
        config,
        200,
        renderResetPage({ ...page, secret, passwordRule: passwordRule(page) }),
      )
    })

    scope.post<{ Querystring: AccountQuery }>(resetPasswordPath, async (request, reply) => {
      const page = pageContext(request, request.query)
      const secret = textField(request.body, 'reset')
      const password = textField(request.body, 'password')
      const passwordError = translated(page, checkNewPassword(password))
      if (passwordError !== undefined) {
        if (!(await isResetUsable(db, secret))) return sendPage(reply, config, 400, invalidLink(page))
        return sendPage(
          reply,
          config,
          400,
          renderResetPage({ ...page, secret, passwordError, passwordRule: passwordRule(page) }),
        )
      }
      const user = await completePasswordReset(db, secret, await hashPassword(password))
      if (user === undefined) return sendPage(reply, config, 400, invalidLink(page))
      request.log.info({ userId: user.id }, 'password reset; every session of the account ended')
      return sendPage(
        reply,
        config,
        200,
        renderMessagePage({
          ...page,
          title: page.t('reset.title'),
          message: page.t('reset.done'),
          link: { href: `${webOrigin}/`, text: page.t('reset.toApp') },
          path: resetPasswordPath,
        }),
      )
    })

    scope.get<{ Querystring: AccountQuery }>(deleteAccountPath, async (request, reply) => {
      const page = pageContext(request, request.query)
      const action = withQuery(deleteAccountPath, request.query, page, ['returnUrl'])
      return sendPage(reply, config, 200, renderDeletePage({ ...page, action, cancelHref: `${webOrigin}/` }))
    })

    scope.post<{ Querystring: AccountQuery }>(deleteAccountPath, async (request, reply) => {
      const page = pageContext(request, request.query)
      const action = withQuery(deleteAccountPath, request.query, page, ['returnUrl'])
      const email = textField(request.body, 'email').trim()
      const password = textField(request.body, 'password')
      const fieldErrors = {
        email: translated(page, checkRequired(email)),
        password: translated(page, checkRequired(password)),
      }
      const rerender = (status: number, formError?: string) =>
        sendPage(
          reply,
          config,
          status,
          renderDeletePage({ ...page, action, cancelHref: `${webOrigin}/`, email, fieldErrors, formError }),
        )
      if (fieldErrors.email !== undefined || fieldErrors.password !== undefined) return rerender(400)
      // Deleting needs the password again, with the same throttle as signing in.
      const result = await signIn(db, email, password, request.ip)
      if (result.kind === 'throttled') return rerender(429, page.t('errors.throttled'))
      if (result.kind === 'invalid') return rerender(401, page.t('errors.invalidCredentials'))
      await deleteAccount(db, result.user, deletionHooks)
      request.log.info({ userId: result.user.id }, 'account deleted')
      return reply.redirect(safeReturnUrl(request.query.returnUrl, '/delete-account-callback'), 303)
    })
  }

import fp from 'fastify-plugin'
import { registerRoute } from '../http/register.ts'
import { createMailer, type SendMail } from '../identity/mailer.ts'
import { sharingRoutes } from './routes.ts'

export interface Sharing {
  /** How invitations leave (tests put a recorder here). */
  readonly sendMail: SendMail
}

declare module 'fastify' {
  interface FastifyInstance {
    readonly sharing: Sharing
  }
}

/** Sharing a budget (issue 30, server/sharing/README.md): invitations, members, presence. */
export const sharingPlugin = fp(
  async (app) => {
    app.decorate('sharing', { sendMail: createMailer(app.identity.config, app.log) })
    for (const route of sharingRoutes) registerRoute(app, route)
  },
  { name: 'koperta-sharing', dependencies: ['koperta-ledger', 'koperta-identity'] },
)

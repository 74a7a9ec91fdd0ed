import type { FastifyBaseLogger } from 'fastify'
import type { Transporter } from 'nodemailer'
import type { IdentityConfig } from './config.ts'

export interface Message {
  readonly to: string
  readonly subject: string
  readonly text: string
}

export type SendMail = (message: Message) => Promise<void>

/**
 * Mail through SMTP_URL when configured; otherwise the message is written to the server log, so a self-hosted
 * server without mail still lets its admin hand a reset link over.
 */
export const createMailer = (config: IdentityConfig, log: FastifyBaseLogger): SendMail => {
  if (config.smtpUrl === undefined) {
    return async ({ to, subject, text }) => {
      log.info({ to, subject, text }, 'mail not sent (no SMTP_URL configured); its text follows')
    }
  }
  const smtpUrl = config.smtpUrl
  // nodemailer costs ~5 MB and ~70 ms to load, and mail is rare (password resets): it loads with the first message.
  let transport: Promise<Transporter> | undefined
  return async ({ to, subject, text }) => {
    transport ??= import('nodemailer').then(({ createTransport }) => createTransport(smtpUrl))
    await (await transport).sendMail({ from: config.mailFrom, to, subject, text })
  }
}

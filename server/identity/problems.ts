import type { FastifyReply } from 'fastify'
import type { IdentityProblem } from '../../schemas/identity.ts'
import { problemContentType } from '../../schemas/problem.ts'

type IdentityProblemCode = IdentityProblem['code']

const titles: Record<IdentityProblemCode, string> = {
  unauthorized: 'Unauthorized',
  user_disabled: 'Account disabled',
  personal_token_not_allowed: 'Not allowed with a personal access token',
}

/** Same shape and `urn:koperta:problem:` type URIs as the app's problem documents. */
export const identityProblem = (
  status: number,
  code: IdentityProblemCode,
  detail: string,
): IdentityProblem => ({
  type: `urn:koperta:problem:${code}`,
  title: titles[code],
  status,
  detail,
  code,
})

export const sendIdentityProblem = (
  reply: FastifyReply,
  status: number,
  code: IdentityProblemCode,
  detail: string,
  headers: Readonly<Record<string, string>> = {},
) =>
  reply
    .code(status)
    .headers(headers)
    .type(problemContentType)
    .send(identityProblem(status, code, detail))

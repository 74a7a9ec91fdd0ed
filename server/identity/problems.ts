import type { FastifyReply } from 'fastify'
import { type ProblemCode, problemContentType } from '../../schemas/problem.ts'
import { makeProblem } from '../http/problem.ts'

/** Sends one of the house's problem documents from a hook, where throwing a ProblemError is not an option. */
export const sendIdentityProblem = (
  reply: FastifyReply,
  status: number,
  code: ProblemCode,
  detail: string,
  headers: Readonly<Record<string, string>> = {},
) =>
  reply
    .code(status)
    .headers(headers)
    .type(problemContentType)
    .send(makeProblem(status, code, detail))

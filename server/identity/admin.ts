import type { Kysely } from 'kysely'
import { checkEmail, checkNewPassword } from './forms.ts'
import { rotateKeys } from './keys.ts'
import { hashPassword } from './passwords.ts'
import { createPersonalToken } from './personalTokens.ts'
import type { IdentityTables } from './tables.ts'
import { createLocalUser, findUserByEmail, setDisabled } from './users.ts'

/** What `npm run user` and `npm run token` can ask, whether they reach the database directly or through the server. */
export type AdminRequest =
  | { readonly op: 'user.create'; readonly email: string; readonly password: string }
  | { readonly op: 'user.disable'; readonly email: string }
  | { readonly op: 'user.enable'; readonly email: string }
  | { readonly op: 'user.list' }
  | { readonly op: 'token.create'; readonly email: string; readonly name: string }
  | { readonly op: 'keys.rotate' }

export type AdminResponse =
  | { readonly ok: true; readonly output: string }
  | { readonly ok: false; readonly error: string }

const fail = (error: string): AdminResponse => ({ ok: false, error })
const done = (output: string): AdminResponse => ({ ok: true, output })

export const runAdminRequest = async (
  db: Kysely<IdentityTables>,
  request: AdminRequest,
): Promise<AdminResponse> => {
  switch (request.op) {
    case 'keys.rotate': {
      await rotateKeys(db)
      return done('rotated the signing key; servers sign with the new key after their next start')
    }
    case 'user.create': {
      if (checkEmail(request.email) !== undefined) return fail(`not a valid e-mail address: ${request.email}`)
      const weak = checkNewPassword(request.password)
      if (weak !== undefined) return fail('the password must have at least 12 characters')
      const created = await createLocalUser(db, request.email, await hashPassword(request.password))
      return created.created
        ? done(`created ${created.user.email ?? request.email} (${created.user.id})`)
        : fail(`an account for ${request.email} already exists`)
    }
    case 'user.disable':
    case 'user.enable': {
      const user = await findUserByEmail(db, request.email)
      if (user === undefined) return fail(`no account for ${request.email}`)
      await setDisabled(db, user.id, request.op === 'user.disable')
      return done(`${request.op === 'user.disable' ? 'disabled' : 'enabled'} ${user.email ?? request.email}`)
    }
    case 'user.list': {
      const users = await db
        .selectFrom('users')
        .select(['id', 'email', 'created_at', 'disabled_at'])
        .orderBy('created_at')
        .execute()
      return done(
        users
          .map((user) =>
            [
              user.id,
              user.email ?? '-',
              user.created_at.toISOString(),
              user.disabled_at === null ? 'active' : 'disabled',
            ].join('\t'),
          )
          .join('\n'),
      )
    }
    case 'token.create': {
      const user = await findUserByEmail(db, request.email)
      if (user === undefined) return fail(`no account for ${request.email}`)
      const token = await createPersonalToken(db, user.id, request.name)
      return done(token.token)
    }
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined)

/** Parses a request that arrived as JSON over the admin socket. */
export const parseAdminRequest = (value: unknown): AdminRequest | undefined => {
  if (!isRecord(value)) return undefined
  const email = text(value.email)
  switch (value.op) {
    case 'user.create': {
      const password = text(value.password)
      return email === undefined || password === undefined
        ? undefined
        : { op: 'user.create', email, password }
    }
    case 'user.disable':
    case 'user.enable':
      return email === undefined ? undefined : { op: value.op, email }
    case 'user.list':
      return { op: 'user.list' }
    case 'token.create': {
      const name = text(value.name)
      return email === undefined || name === undefined ? undefined : { op: 'token.create', email, name }
    }
    default:
      return undefined
  }
}

import type { Kysely } from 'kysely'
import type { Adapter, AdapterFactory, AdapterPayload } from 'oidc-provider'
import { hasUnsafeCodeUnits } from '../../schemas/text.ts'
import type { IdentityTables } from './tables.ts'

const epochSeconds = (date: Date): number => Math.floor(date.getTime() / 1000)

type Row = { payload: Record<string, unknown>; expires_at: Date | null; consumed_at: Date | null }

const toPayload = (row: Row | undefined, now: Date): AdapterPayload | undefined => {
  if (row === undefined) return undefined
  if (row.expires_at !== null && row.expires_at <= now) return undefined
  const consumed = row.consumed_at === null ? {} : { consumed: epochSeconds(row.consumed_at) }
  return { ...row.payload, ...consumed }
}

/**
 * oidc-provider's storage in PostgreSQL: one row per (model, id), so every server instance sees the same sessions,
 * grants, codes and refresh tokens. Expired rows read as absent; `pruneExpiredPayloads` removes them.
 */
export const kyselyAdapterFactory =
  (db: Kysely<IdentityTables>): AdapterFactory =>
  (model: string): Adapter => {
    const select = () =>
      db
        .selectFrom('oidc_payloads')
        .select(['payload', 'expires_at', 'consumed_at'])
        .where('model', '=', model)

    // Lookups take ids from request bodies the provider parses itself, past the app's text check
    // (server/http/textSafety.ts): an id PostgreSQL cannot even compare (NUL) names nothing stored.
    const findBy = async (column: 'id' | 'uid' | 'user_code', value: string) =>
      hasUnsafeCodeUnits(value)
        ? undefined
        : toPayload(await select().where(column, '=', value).executeTakeFirst(), new Date())

    return {
      async upsert(id, payload, expiresIn) {
        const expiresAt = expiresIn === undefined ? null : new Date(Date.now() + expiresIn * 1000)
        const row = {
          model,
          id,
          payload: JSON.stringify(payload),
          grant_id: payload.grantId ?? null,
          user_code: payload.userCode ?? null,
          uid: payload.uid ?? null,
          expires_at: expiresAt,
        }
        await db
          .insertInto('oidc_payloads')
          .values(row)
          .onConflict((conflict) =>
            conflict.columns(['model', 'id']).doUpdateSet({
              payload: row.payload,
              grant_id: row.grant_id,
              user_code: row.user_code,
              uid: row.uid,
              expires_at: row.expires_at,
            }),
          )
          .execute()
      },
      find: (id) => findBy('id', id),
      findByUid: (uid) => findBy('uid', uid),
      findByUserCode: (userCode) => findBy('user_code', userCode),
      async consume(id) {
        if (hasUnsafeCodeUnits(id)) return
        await db
          .updateTable('oidc_payloads')
          .set({ consumed_at: new Date() })
          .where('model', '=', model)
          .where('id', '=', id)
          .execute()
      },
      async destroy(id) {
        if (hasUnsafeCodeUnits(id)) return
        await db.deleteFrom('oidc_payloads').where('model', '=', model).where('id', '=', id).execute()
      },
      async revokeByGrantId(grantId) {
        if (hasUnsafeCodeUnits(grantId)) return
        // A grant's codes and tokens live under several models; revoking the grant removes them all.
        await db.deleteFrom('oidc_payloads').where('grant_id', '=', grantId).execute()
      },
    }
  }

export const pruneExpiredPayloads = async (db: Kysely<IdentityTables>): Promise<number> => {
  const result = await db.deleteFrom('oidc_payloads').where('expires_at', '<=', new Date()).executeTakeFirst()
  return Number(result.numDeletedRows)
}

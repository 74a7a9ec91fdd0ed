import { type Kysely, sql, type Transaction } from 'kysely'
import type { Tables } from '../db/tables.ts'
import type { UsersTable } from '../identity/tables.ts'
import type { LedgerTables } from '../ledger/tables.ts'

// Sharing reads members with their names: the ledger's tables and identity's users, one database.

export type SharingTables = LedgerTables & { readonly users: UsersTable }
export type SharingDb = Kysely<SharingTables>

/** The app's database handle seen with the tables sharing joins. */
export const sharingDb = (db: Kysely<Tables>): SharingDb =>
  // The same pool; the ledger's and identity's migrations created these tables.
  db as unknown as SharingDb

/** Joins `users as u` on a text user id column: users.id is a uuid, the ledger keeps ids as text. */
export const userIdIs = (column: string) => sql<boolean>`u.id::text = ${sql.ref(column)}`

export interface MemberRow {
  readonly userId: string
  readonly email: string | null
  readonly displayName: string | null
  readonly role: 'Owner' | 'Guest'
  readonly access: 'Edit' | 'Read'
  readonly joinedAt: Date
  readonly lastActiveAt: Date | null
  readonly invitedBy: string | null
}

/** The members of a budget with their names, in the order they joined. */
export const listMemberRows = (db: SharingDb, budgetId: string): Promise<MemberRow[]> =>
  db
    .selectFrom('budget_members as m')
    .leftJoin('users as u', (join) => join.on(userIdIs('m.user_id')))
    .select([
      'm.user_id as userId',
      'u.email as email',
      'u.display_name as displayName',
      'm.role as role',
      'm.access as access',
      'm.joined_at as joinedAt',
      'm.last_active_at as lastActiveAt',
      'm.invited_by as invitedBy',
    ])
    .where('m.budget_id', '=', budgetId)
    .orderBy('m.joined_at')
    .orderBy('m.user_id')
    .execute()

export const memberRow = async (db: SharingDb, budgetId: string, userId: string) =>
  (await listMemberRows(db, budgetId)).find((member) => member.userId === userId)

/**
 * Locks the budget's row for a change of its members: two changes of one budget (a handover and a removal) run one
 * after the other, each seeing the other's outcome.
 */
export const lockBudget = async (trx: Transaction<SharingTables>, budgetId: string) =>
  trx
    .selectFrom('budgets')
    .select(['id', 'deleted'])
    .where('id', '=', budgetId)
    .forUpdate()
    .executeTakeFirst()

/** Ends a membership and forgets the member's open streams' presence. */
export const removeMember = async (trx: Transaction<SharingTables>, budgetId: string, userId: string) => {
  const removed = await trx
    .deleteFrom('budget_members')
    .where('budget_id', '=', budgetId)
    .where('user_id', '=', userId)
    .executeTakeFirst()
  await trx
    .deleteFrom('budget_presence')
    .where('budget_id', '=', budgetId)
    .where('user_id', '=', userId)
    .execute()
  return removed.numDeletedRows > 0n
}

/** How long a presence row counts after its stream last checked in (three periodic checks). */
export const presenceWindowMs = 45_000

/**
 * Other members with an open event stream seen within the window, once each. Rows older than the window are left
 * by servers that stopped without ending their streams: they go here (a live stream's next check writes its row
 * again).
 */
export const presentMembers = async (db: SharingDb, budgetId: string, callerId: string, now: Date) => {
  const since = new Date(now.getTime() - presenceWindowMs)
  await db
    .deleteFrom('budget_presence')
    .where('budget_id', '=', budgetId)
    .where('seen_at', '<=', since)
    .execute()
  return db
    .selectFrom('budget_presence as p')
    .innerJoin('budget_members as m', (join) =>
      join.onRef('m.budget_id', '=', 'p.budget_id').onRef('m.user_id', '=', 'p.user_id'),
    )
    .leftJoin('users as u', (join) => join.on(userIdIs('p.user_id')))
    .select(['p.user_id as userId', 'u.email as email', 'u.display_name as displayName'])
    .distinct()
    .where('p.budget_id', '=', budgetId)
    .where('p.user_id', '!=', callerId)
    .where('p.seen_at', '>', since)
    .orderBy('p.user_id')
    .execute()
}

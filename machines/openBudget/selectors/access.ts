import type { SnapshotFrom } from 'xstate'
import type { budgetMachine, KnownAccess } from '../budget.machine.ts'

type BudgetSnapshot = SnapshotFrom<typeof budgetMachine>

/** Why the caller may not change the budget: access Read, or no longer a member (removed, budget deleted). */
export type ReadOnlyReason = 'readAccess' | 'notMember'

/** What the caller may do in the open budget: every screen asks this, nothing else keeps a copy. */
export type BudgetPermissions = {
  /** False until the access was read (screens stay as for an editor meanwhile; the server refuses anyway). */
  readonly known: boolean
  /** Every budget write (transactions, assignments, accounts, imports, filters, rules, templates…). */
  readonly canEdit: boolean
  /** Owner-only actions: delete / reset the budget, change its currency, whole-budget export and import, members. */
  readonly isOwner: boolean
  /** Why `canEdit` is false, or null when it is true. */
  readonly readOnlyReason: ReadOnlyReason | null
}

// One object per answer, so a selector's result is stable between snapshots and views re-render only on a change.
const UNKNOWN: BudgetPermissions = { known: false, canEdit: true, isOwner: true, readOnlyReason: null }
const OWNER: BudgetPermissions = { known: true, canEdit: true, isOwner: true, readOnlyReason: null }
const EDITOR: BudgetPermissions = { known: true, canEdit: true, isOwner: false, readOnlyReason: null }
const READER: BudgetPermissions = {
  known: true,
  canEdit: false,
  isOwner: false,
  readOnlyReason: 'readAccess',
}
const GONE: BudgetPermissions = { known: true, canEdit: false, isOwner: false, readOnlyReason: 'notMember' }

/** The permissions an access answer gives (an Owner always edits, whatever its row says). */
export const permissionsOf = (access: KnownAccess): BudgetPermissions => {
  if (access === 'unknown') return UNKNOWN
  if (access === 'removed') return GONE
  if (access.role === 'Owner') return OWNER
  return access.access === 'Edit' ? EDITOR : READER
}

export const selectPermissions = (snapshot: BudgetSnapshot): BudgetPermissions =>
  permissionsOf(snapshot.context.access)

export const selectCanEdit = (snapshot: BudgetSnapshot): boolean => selectPermissions(snapshot).canEdit

import type { BudgetAccess, BudgetRole } from '../schemas/budget.ts'
import type { BudgetCommand } from '../schemas/budgetCommands.ts'

// Who may do what in a shared budget (issue 30 §2, docs/sharing.md). A member is an Owner (exactly one per budget,
// always with Edit access) or a Guest whose access is Edit (the partner: every write but the owner's few) or Read
// (sees everything, changes nothing). Non-members never get this far: the server answers them 404.

/** What the server knows of the caller's membership (the `budget_members` row it read with the budget's). */
export interface Membership {
  readonly role: BudgetRole
  readonly access: BudgetAccess
}

/** What only the budget's owner may do; the server's refusal names it ("Only the budget's owner may …"). */
export const ownerOnlyActions = {
  createBudget: 'create the budget',
  deleteBudget: 'delete the budget',
  resetBudget: 'reset the budget',
  changeCurrency: "change the budget's currency",
  importBudget: 'import a whole budget into it',
  exportBudget: 'export the whole budget',
  manageInvitations: 'invite people or manage invitations',
  manageMembers: 'remove other members or change their access',
  handOver: 'hand the budget over',
} as const
export type OwnerOnlyAction = keyof typeof ownerOnlyActions

/** What an operation needs of its caller, beyond being a member. */
export type Need =
  | { readonly level: 'read' }
  | { readonly level: 'edit' }
  | { readonly level: 'owner'; readonly action: OwnerOnlyAction }

export const readNeed: Need = { level: 'read' }
export const editNeed: Need = { level: 'edit' }
export const ownerNeed = (action: OwnerOnlyAction): Need => ({ level: 'owner', action })

/** Why a member may not: read-only access, or an action only the owner takes. */
export type AccessRefusal =
  | { readonly code: 'read_only' }
  | { readonly code: 'owner_only'; readonly action: OwnerOnlyAction }

/**
 * Every command, classified: a new command tag does not compile until it is placed here. The owner's commands are
 * the ones that end, restart or replace the budget, or change what its amounts mean (the currency).
 * `CreateBudget` only ever runs for the member the same write just made the budget's Owner.
 */
const commandNeeds: { readonly [Tag in BudgetCommand['_tag']]: Need } = {
  CreateBudget: ownerNeed('createBudget'),
  ImportBudget: ownerNeed('importBudget'),
  DeleteBudget: ownerNeed('deleteBudget'),
  ResetBudget: ownerNeed('resetBudget'),
  ChangeCurrency: ownerNeed('changeCurrency'),
  CreateIncomeDestination: editNeed,
  RenameBudget: editNeed,
  CreateCategoryGroup: editNeed,
  RenameCategoryGroup: editNeed,
  ReorderCategoryGroups: editNeed,
  SetCategoryGroupHidden: editNeed,
  DeleteCategoryGroup: editNeed,
  CreateCategory: editNeed,
  RenameCategory: editNeed,
  ReorderCategories: editNeed,
  SetCategoryHidden: editNeed,
  SetCategorySpendingClass: editNeed,
  DeleteCategory: editNeed,
  OpenBankAccount: editNeed,
  RenameBankAccount: editNeed,
  CloseBankAccount: editNeed,
  AddTransaction: editNeed,
  EditTransaction: editNeed,
  DeleteTransaction: editNeed,
  AddTransfer: editNeed,
  ImportTransactions: editNeed,
  UndoImport: editNeed,
  ReconcileAccount: editNeed,
  SetAssigned: editNeed,
  MoveMoney: editNeed,
  CoverOverspending: editNeed,
  AutoAssign: editNeed,
  UndoLastAssignment: editNeed,
  SetTarget: editNeed,
  RemoveTarget: editNeed,
  SaveFilter: editNeed,
  DeleteFilter: editNeed,
  CreateTemplate: editNeed,
  EditTemplate: editNeed,
  DeleteTemplate: editNeed,
  ConfirmOccurrence: editNeed,
  SkipOccurrence: editNeed,
  SkipOccurrencesThrough: editNeed,
  SetDraftHorizon: editNeed,
  CreateLoan: editNeed,
  RecordLoanActivity: editNeed,
  CloseLoan: editNeed,
  PayLoanInstallment: editNeed,
  OverpayLoan: editNeed,
}

export const needOfCommand = (tag: BudgetCommand['_tag']): Need => commandNeeds[tag]

const rank = { read: 0, edit: 1, owner: 2 } as const

/** The stronger of two needs (the first owner's action named when both are the owner's). */
const stronger = (a: Need, b: Need): Need => (rank[b.level] > rank[a.level] ? b : a)

/**
 * What a write of these commands needs: at least Edit (a write that decides nothing is still a write), and the
 * owner when any of them is the owner's — a batch is allowed or refused whole.
 */
export const needOfCommands = (tags: Iterable<BudgetCommand['_tag']>): Need => {
  let need: Need = editNeed
  for (const tag of tags) need = stronger(need, commandNeeds[tag])
  return need
}

/**
 * Whether the member may do what `need` asks; undefined when allowed. The owner may do everything (an Owner always
 * has Edit access). An owner's action refused to a guest says `owner_only` whatever the guest's access: more access
 * would not allow it either.
 */
export const refusalOf = (member: Membership, need: Need): AccessRefusal | undefined => {
  if (member.role === 'Owner' || need.level === 'read') return undefined
  if (need.level === 'owner') return { code: 'owner_only', action: need.action }
  return member.access === 'Edit' ? undefined : { code: 'read_only' }
}

/** The refusal of a write of these commands, or undefined. */
export const commandsRefusal = (
  member: Membership,
  commands: Iterable<{ readonly _tag: BudgetCommand['_tag'] }>,
): AccessRefusal | undefined => {
  const tags: BudgetCommand['_tag'][] = []
  for (const command of commands) tags.push(command._tag)
  return refusalOf(member, needOfCommands(tags))
}

import * as Schema from 'effect/Schema'

// Ids are opaque non-empty strings chosen by the server (or the optimistic client); the brand keeps them apart.
const ID_MAX_LENGTH = 128
const IdText = Schema.String.pipe(Schema.check(Schema.isNonEmpty(), Schema.isMaxLength(ID_MAX_LENGTH)))

/** IdText's rules as a guard (for schemas checked by one guard, like `isTransaction`). */
export const isIdText = (value: unknown): boolean =>
  typeof value === 'string' && value.length >= 1 && value.length <= ID_MAX_LENGTH

export const BudgetId = IdText.pipe(Schema.brand('BudgetId'))
export type BudgetId = typeof BudgetId.Type
export const CategoryId = IdText.pipe(Schema.brand('CategoryId'))
export type CategoryId = typeof CategoryId.Type
export const CategoryGroupId = IdText.pipe(Schema.brand('CategoryGroupId'))
export type CategoryGroupId = typeof CategoryGroupId.Type
export const BankAccountId = IdText.pipe(Schema.brand('BankAccountId'))
export type BankAccountId = typeof BankAccountId.Type
export const TransactionId = IdText.pipe(Schema.brand('TransactionId'))
export type TransactionId = typeof TransactionId.Type
export const TransferId = IdText.pipe(Schema.brand('TransferId'))
export type TransferId = typeof TransferId.Type
export const TargetId = IdText.pipe(Schema.brand('TargetId'))
export type TargetId = typeof TargetId.Type
export const FilterId = IdText.pipe(Schema.brand('FilterId'))
export type FilterId = typeof FilterId.Type
export const UserId = IdText.pipe(Schema.brand('UserId'))
export type UserId = typeof UserId.Type
export const CommandId = IdText.pipe(Schema.brand('CommandId'))
export type CommandId = typeof CommandId.Type
export const AssignmentRecordId = IdText.pipe(Schema.brand('AssignmentRecordId'))
export type AssignmentRecordId = typeof AssignmentRecordId.Type
/** One bank-file import: its transactions can be undone together. */
export const ImportId = IdText.pipe(Schema.brand('ImportId'))
export type ImportId = typeof ImportId.Type
/** A recurring transaction template (SPEC transactionTemplates). */
export const TemplateId = IdText.pipe(Schema.brand('TemplateId'))
export type TemplateId = typeof TemplateId.Type
/** A loan (issue 32, SPEC loans). */
export const LoanId = IdText.pipe(Schema.brand('LoanId'))
export type LoanId = typeof LoanId.Type
/** An invitation to a budget (issue 30). */
export const InvitationId = IdText.pipe(Schema.brand('InvitationId'))
export type InvitationId = typeof InvitationId.Type

import * as Schema from 'effect/Schema'
import { NewName } from './budget.ts'
import { BudgetId } from './ids.ts'
import { CsvMapping, ImportEncoding, ImportFormat, ImportPreset, PayeeRule } from './imports.ts'

// A budget's settings for bank-file imports (issue 28 §1, §2): its payee rules and its named presets. Settings,
// not ledger events (docs/decisions/0017). The shapes a read answers are `PayeeRule` and `ImportPreset`.

/** The most rules a budget keeps: every rule is tried on every row of a file. */
export const MAX_PAYEE_RULES = 500

/** A rule's text as a request sets it: one line with something besides spaces (spaces alone match every payee). */
const RuleText = NewName.check(
  Schema.isPattern(/\S/u, { expected: 'text with a character other than a space' }),
)

/** A rule as a request sets it. */
export const NewPayeeRule = Schema.Struct({
  ...PayeeRule.fields,
  text: RuleText,
  rename: Schema.NullOr(NewName),
})

/** `PUT …/payee-rules`: the whole list, in the order rules are tried (the first that matches wins). */
export const PayeeRulesBody = Schema.Struct({
  rules: Schema.Array(NewPayeeRule).check(Schema.isMaxLength(MAX_PAYEE_RULES)),
})
export type PayeeRulesBody = typeof PayeeRulesBody.Type

export const PayeeRuleList = Schema.Array(PayeeRule)

/**
 * `PUT …/import-presets/{presetId}`: a named way to read a bank's files. The generic `csv` format needs its column
 * `mapping`; the other formats take none.
 */
export const ImportPresetBody = Schema.Struct({
  name: NewName,
  format: ImportFormat,
  encoding: Schema.NullOr(ImportEncoding),
  mapping: Schema.NullOr(CsvMapping),
})
export type ImportPresetBody = typeof ImportPresetBody.Type

export const ImportPresetList = Schema.Array(ImportPreset)

export const ImportPresetParams = Schema.Struct({ budgetId: BudgetId, presetId: ImportPreset.fields.id })

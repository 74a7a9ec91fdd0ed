import type { PayeeRule } from '../../schemas/imports.ts'

export type RulesOutcome =
  | { readonly ok: true; readonly rules: ReadonlyArray<PayeeRule> }
  | { readonly ok: false }

export type SaveRulesOutcome = { readonly ok: boolean }

/**
 * What the payee rules editor needs (`GET`/`PUT /api/budget/{id}/payee-rules`); src/ports/payeeRulesPort.ts
 * implements it. Expected failures are values; the port never throws for them.
 */
export type PayeeRulesPort = {
  load(signal: AbortSignal): Promise<RulesOutcome>
  save(rules: ReadonlyArray<PayeeRule>, signal: AbortSignal): Promise<SaveRulesOutcome>
  /** A fresh id for a new rule. */
  newId(): string
}

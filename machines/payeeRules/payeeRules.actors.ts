import { fromPromise } from 'xstate'
import type { PayeeRule } from '../../schemas/imports.ts'
import type { PayeeRulesPort, RulesOutcome, SaveRulesOutcome } from './payeeRules.port.ts'

/** A port that throws (a bug, not an expected failure) still answers with a value. */
export const loadRules = fromPromise<RulesOutcome, { readonly port: PayeeRulesPort }>(
  async ({ input, signal }) => {
    try {
      return await input.port.load(signal)
    } catch {
      return { ok: false }
    }
  },
)

export const saveRules = fromPromise<
  SaveRulesOutcome,
  { readonly port: PayeeRulesPort; readonly rules: ReadonlyArray<PayeeRule> }
>(async ({ input, signal }) => {
  try {
    return await input.port.save(input.rules, signal)
  } catch {
    return { ok: false }
  }
})

export { loadRules, saveRules } from './payeeRules.actors.ts'
export type {
  PayeeRulesContext,
  PayeeRulesEvent,
  PayeeRulesInput,
  RuleToAdd,
} from './payeeRules.machine.ts'
export { payeeRulesMachine } from './payeeRules.machine.ts'
export type { PayeeRulesPort, RulesOutcome, SaveRulesOutcome } from './payeeRules.port.ts'
export type { RuleDraft, RuleMatch, RuleProblem } from './payeeRules.rules.ts'
export { draftOf, moved, problemOf, RULE_TEXT_MAX, rulesOf } from './payeeRules.rules.ts'
export type { RulesLoadState } from './payeeRules.selectors.ts'
export {
  selectAddedRule,
  selectDrafts,
  selectRuleProblem,
  selectRulesChanged,
  selectRulesLoadState,
  selectRulesSaved,
  selectRulesSaveFailed,
  selectRulesSaving,
} from './payeeRules.selectors.ts'

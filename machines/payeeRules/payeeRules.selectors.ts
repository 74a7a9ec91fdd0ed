import type { SnapshotFrom } from 'xstate'
import type { payeeRulesMachine } from './payeeRules.machine.ts'
import { problemOf, type RuleDraft, type RuleProblem, sameDrafts } from './payeeRules.rules.ts'

type RulesSnapshot = SnapshotFrom<typeof payeeRulesMachine>

export type RulesLoadState = 'loading' | 'failed' | 'ready'

export const selectRulesLoadState = (snapshot: RulesSnapshot): RulesLoadState =>
  snapshot.matches('loading') ? 'loading' : snapshot.matches('failed') ? 'failed' : 'ready'

export const selectDrafts = (snapshot: RulesSnapshot): ReadonlyArray<RuleDraft> => snapshot.context.drafts

/** A rule's problem, once the user tried to save (before that, an empty new rule is no error yet). */
export const selectRuleProblem = (snapshot: RulesSnapshot, id: string): RuleProblem | null => {
  if (!snapshot.context.showProblems) return null
  const draft = snapshot.context.drafts.find((rule) => rule.id === id)
  return draft === undefined ? null : problemOf(draft)
}

export const selectRulesChanged = (snapshot: RulesSnapshot): boolean =>
  !sameDrafts(snapshot.context.drafts, snapshot.context.saved)

export const selectRulesSaving = (snapshot: RulesSnapshot): boolean => snapshot.matches({ editing: 'saving' })

export const selectRulesSaveFailed = (snapshot: RulesSnapshot): boolean =>
  snapshot.matches({ editing: 'saveFailed' })

/** Saved, nothing changed since (after at least one save or a load). */
export const selectRulesSaved = (snapshot: RulesSnapshot): boolean =>
  snapshot.matches({ editing: 'idle' }) && !selectRulesChanged(snapshot)

export const selectAddedRule = (snapshot: RulesSnapshot): string | null => snapshot.context.added

import type { CategoryId } from '../../schemas/ids.ts'
import type { PayeeRule } from '../../schemas/imports.ts'

// The rules as the editor holds them: text fields as typed, turned into PayeeRule on save. Pure.

export const RULE_TEXT_MAX = 200

export type RuleMatch = PayeeRule['match']

/** One rule while edited: `rename` '' means none. */
export type RuleDraft = {
  readonly id: string
  readonly match: RuleMatch
  readonly text: string
  readonly rename: string
  readonly categoryId: CategoryId | null
}

/** What a rule lacks: the text to look for, or anything to do (a new name or a category). */
export type RuleProblem = 'textRequired' | 'textTooLong' | 'renameTooLong' | 'nothingToDo'

export const draftOf = (rule: PayeeRule): RuleDraft => ({
  id: rule.id,
  match: rule.match,
  text: rule.text,
  rename: rule.rename ?? '',
  categoryId: rule.categoryId,
})

export const problemOf = (draft: RuleDraft): RuleProblem | null => {
  const text = draft.text.trim()
  const rename = draft.rename.trim()
  if (text === '') return 'textRequired'
  if (text.length > RULE_TEXT_MAX) return 'textTooLong'
  if (rename.length > RULE_TEXT_MAX) return 'renameTooLong'
  if (rename === '' && draft.categoryId === null) return 'nothingToDo'
  return null
}

/** The rules to store; call only when no draft has a problem. */
export const rulesOf = (drafts: ReadonlyArray<RuleDraft>): ReadonlyArray<PayeeRule> =>
  drafts.map((draft) => {
    const rename = draft.rename.trim()
    return {
      id: draft.id,
      match: draft.match,
      text: draft.text.trim(),
      rename: rename === '' ? null : rename,
      categoryId: draft.categoryId,
    }
  })

/** Moves a rule up (-1) or down (+1); the first rule that matches wins, so order matters. */
export const moved = (drafts: ReadonlyArray<RuleDraft>, id: string, by: -1 | 1): ReadonlyArray<RuleDraft> => {
  const from = drafts.findIndex((draft) => draft.id === id)
  const to = from + by
  if (from === -1 || to < 0 || to >= drafts.length) return drafts
  const next = [...drafts]
  const [rule] = next.splice(from, 1)
  if (rule !== undefined) next.splice(to, 0, rule)
  return next
}

export const sameDrafts = (a: ReadonlyArray<RuleDraft>, b: ReadonlyArray<RuleDraft>): boolean =>
  a.length === b.length &&
  a.every((draft, at) => {
    const other = b[at]
    return (
      other !== undefined &&
      draft.id === other.id &&
      draft.match === other.match &&
      draft.text === other.text &&
      draft.rename === other.rename &&
      draft.categoryId === other.categoryId
    )
  })

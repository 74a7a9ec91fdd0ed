import * as Schema from 'effect/Schema'
import { describe, expect, it } from 'vitest'
import { BudgetCommand, BudgetCommandDraft, OpenBudgetCommandDraft } from '../../../schemas/budgetCommands.ts'

const meta = { commandId: 'command-1', at: '2025-03-01T10:00:00.000Z', userId: 'user-1' }
const draft = { _tag: 'SetAssigned', periodKey: '202503', categoryId: 'rent', value: 1_000 }
const decodes = (schema: Schema.Codec<unknown>, value: unknown) =>
  Schema.decodeUnknownExit(schema)(value)._tag === 'Success'

describe('commands are their drafts stamped with who, when and an id', () => {
  it('has one command per draft, tag for tag', () => {
    expect(BudgetCommand.members.map((member) => member.fields._tag.schema.literal)).toEqual(
      BudgetCommandDraft.members.map((member) => member.fields._tag.schema.literal),
    )
  })

  it('decodes a draft with its meta as a command, and refuses a command without it', () => {
    expect(Schema.decodeUnknownSync(BudgetCommand)({ ...draft, ...meta })).toEqual({ ...draft, ...meta })
    expect(decodes(BudgetCommand, draft)).toBe(false)
  })

  it('takes any draft on an existing budget, not CreateBudget, and drops meta a caller sends', () => {
    expect(Schema.decodeUnknownSync(OpenBudgetCommandDraft)({ ...draft, userId: 'forged' })).toEqual(draft)
    const create = {
      _tag: 'CreateBudget',
      budgetId: 'b',
      name: 'Home',
      currency: 'PLN',
      uncategorizedGroupId: 'g',
      uncategorizedCategoryId: 'c',
      incomeCategoryId: 'i',
    }
    expect(decodes(BudgetCommandDraft, create)).toBe(true)
    expect(decodes(OpenBudgetCommandDraft, create)).toBe(false)
  })
})

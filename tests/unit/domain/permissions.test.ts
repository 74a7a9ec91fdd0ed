import { describe, expect, it } from 'vitest'
import {
  type AccessRefusal,
  commandsRefusal,
  editNeed,
  type Membership,
  needOfCommand,
  ownerNeed,
  ownerOnlyActions,
  readNeed,
  refusalOf,
} from '../../../domain/permissions.ts'
import { BudgetCommand } from '../../../schemas/budgetCommands.ts'

const owner: Membership = { role: 'Owner', access: 'Edit' }
const editor: Membership = { role: 'Guest', access: 'Edit' }
const reader: Membership = { role: 'Guest', access: 'Read' }

type Tag = BudgetCommand['_tag']

/** Every command tag the schema knows, read at run time (a tag the module does not classify fails below). */
const allTags: readonly Tag[] = BudgetCommand.members.map((member) => member.fields._tag.schema.literal)

/** The owner's commands (issue 30 §2): what ends, restarts or replaces the budget, or changes its currency. */
const ownersCommands: Readonly<Partial<Record<Tag, keyof typeof ownerOnlyActions>>> = {
  CreateBudget: 'createBudget',
  DeleteBudget: 'deleteBudget',
  ResetBudget: 'resetBudget',
  ChangeCurrency: 'changeCurrency',
  ImportBudget: 'importBudget',
}

const command = (tag: Tag) => ({ _tag: tag })

describe('every command tag is classified', () => {
  it('the schema has commands, and each has a need', () => {
    expect(allTags.length).toBeGreaterThan(40)
    for (const tag of allTags) expect(needOfCommand(tag), tag).toBeDefined()
  })

  it('the owner-only ones are exactly the owner list; every other one needs Edit', () => {
    const classified = Object.fromEntries(allTags.map((tag) => [tag, needOfCommand(tag)]))
    const expected = Object.fromEntries(
      allTags.map((tag) => {
        const action = ownersCommands[tag]
        return [tag, action === undefined ? editNeed : ownerNeed(action)]
      }),
    )
    expect(classified).toEqual(expected)
  })
})

describe.each(allTags)('%s', (tag) => {
  const action = ownersCommands[tag]
  const guestRefusal: AccessRefusal | undefined =
    action === undefined ? undefined : { code: 'owner_only', action }

  it('given the Owner, when it is asked, then it is allowed', () => {
    expect(commandsRefusal(owner, [command(tag)])).toBeUndefined()
  })

  it(`given a Guest with Edit access, when it is asked, then ${action === undefined ? 'it is allowed' : 'it is the owner’s'}`, () => {
    expect(commandsRefusal(editor, [command(tag)])).toEqual(guestRefusal)
  })

  it('given a Guest with Read access, when it is asked, then it is refused', () => {
    expect(commandsRefusal(reader, [command(tag)])).toEqual(guestRefusal ?? { code: 'read_only' })
  })
})

describe('a write', () => {
  it('given a Guest with Read access, when a write decides no command, then it is still refused read-only', () => {
    expect(commandsRefusal(reader, [])).toEqual({ code: 'read_only' })
    expect(commandsRefusal(editor, [])).toBeUndefined()
  })

  it('given a Guest with Edit access, when a batch holds one owner command, then the whole batch is refused', () => {
    expect(commandsRefusal(editor, [command('RenameBudget'), command('ChangeCurrency')])).toEqual({
      code: 'owner_only',
      action: 'changeCurrency',
    })
  })

  it('given a Guest with Read access, when a batch holds an owner command, then the owner’s refusal wins', () => {
    // More access would not allow it either: the reason that holds whatever the access is.
    expect(commandsRefusal(reader, [command('RenameBudget'), command('DeleteBudget')])).toEqual({
      code: 'owner_only',
      action: 'deleteBudget',
    })
  })

  it('given the Owner, when a batch holds every command, then it is allowed', () => {
    expect(commandsRefusal(owner, allTags.map(command))).toBeUndefined()
  })
})

describe('operations beside commands', () => {
  it('given any member, when they read, then it is allowed', () => {
    for (const member of [owner, editor, reader]) expect(refusalOf(member, readNeed)).toBeUndefined()
  })

  it.each(Object.keys(ownerOnlyActions) as (keyof typeof ownerOnlyActions)[])(
    'given a Guest, when they ask the owner’s %s, then it is refused owner-only',
    (action) => {
      expect(refusalOf(owner, ownerNeed(action))).toBeUndefined()
      expect(refusalOf(editor, ownerNeed(action))).toEqual({ code: 'owner_only', action })
      expect(refusalOf(reader, ownerNeed(action))).toEqual({ code: 'owner_only', action })
    },
  )

  it('given a Guest, when they change something, then Edit access allows it and Read refuses it', () => {
    expect(refusalOf(owner, editNeed)).toBeUndefined()
    expect(refusalOf(editor, editNeed)).toBeUndefined()
    expect(refusalOf(reader, editNeed)).toEqual({ code: 'read_only' })
  })
})

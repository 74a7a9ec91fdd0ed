import { assign, setup } from 'xstate'
import type { CategoryId } from '../../schemas/ids.ts'
import type { PayeeRule } from '../../schemas/imports.ts'
import { loadRules, saveRules } from './payeeRules.actors.ts'
import type { PayeeRulesPort, RulesOutcome, SaveRulesOutcome } from './payeeRules.port.ts'
import { draftOf, moved, problemOf, type RuleDraft, type RuleMatch, rulesOf } from './payeeRules.rules.ts'

/** A rule to add as soon as the list is read ("Zapamiętaj: zawsze … dla …" in the import preview). */
export type RuleToAdd = {
  readonly match: RuleMatch
  readonly text: string
  readonly rename: string | null
  readonly categoryId: CategoryId | null
}

export type PayeeRulesInput = {
  readonly port: PayeeRulesPort
  readonly add?: RuleToAdd
}

export type PayeeRulesContext = {
  readonly port: PayeeRulesPort
  /** The rules as stored. */
  readonly saved: ReadonlyArray<RuleDraft>
  /** The rules as edited. */
  readonly drafts: ReadonlyArray<RuleDraft>
  /** The rule to add once loaded, if any. */
  readonly add: RuleToAdd | null
  /** The rule added last (its row takes the focus). */
  readonly added: string | null
  /** The user tried to save with problems: show them. */
  readonly showProblems: boolean
}

export type PayeeRulesEvent =
  | { type: 'rules.retry' }
  | { type: 'rules.add' }
  | { type: 'rules.change'; id: string; change: Partial<Omit<RuleDraft, 'id'>> }
  | { type: 'rules.remove'; id: string }
  | { type: 'rules.move'; id: string; by: -1 | 1 }
  | { type: 'rules.save' }
  | { type: 'rules.discard' }

type Loaded = { output: RulesOutcome }
type Saved = { output: SaveRulesOutcome }

export const payeeRulesMachine = setup({
  // XState's type-only slots (its documented idiom): these objects are never read at runtime.
  types: {
    context: {} as PayeeRulesContext,
    events: {} as PayeeRulesEvent,
    input: {} as PayeeRulesInput,
  },
  actors: { loadRules, saveRules },
  guards: {
    loaded: (_, params: { outcome: RulesOutcome }) => params.outcome.ok,
    saved: (_, params: { outcome: SaveRulesOutcome }) => params.outcome.ok,
    adds: ({ context }) => context.add !== null,
    valid: ({ context }) => context.drafts.every((draft) => problemOf(draft) === null),
  },
  actions: {
    acceptRules: assign((_, params: { outcome: RulesOutcome }) => {
      if (!params.outcome.ok) return {}
      const drafts = params.outcome.rules.map(draftOf)
      return { saved: drafts, drafts }
    }),
    /**
     * The remembered rule goes first: it is the most specific the user has said. A rule for the same text is
     * replaced rather than doubled.
     */
    addGiven: assign(({ context }) => {
      const { add } = context
      if (add === null) return {}
      const same = context.drafts.find(
        (draft) =>
          draft.match === add.match && draft.text.trim().toLowerCase() === add.text.trim().toLowerCase(),
      )
      const id = same?.id ?? context.port.newId()
      const draft: RuleDraft = {
        id,
        match: add.match,
        text: add.text,
        rename: add.rename ?? same?.rename ?? '',
        categoryId: add.categoryId,
      }
      return { drafts: [draft, ...context.drafts.filter((rule) => rule.id !== id)], add: null, added: id }
    }),
    addEmpty: assign(({ context }) => {
      const id = context.port.newId()
      const draft: RuleDraft = { id, match: 'contains', text: '', rename: '', categoryId: null }
      return { drafts: [...context.drafts, draft], added: id }
    }),
    change: assign(({ context, event }) =>
      event.type === 'rules.change'
        ? {
            drafts: context.drafts.map((draft) =>
              draft.id === event.id ? { ...draft, ...event.change, id: draft.id } : draft,
            ),
          }
        : {},
    ),
    remove: assign(({ context, event }) =>
      event.type === 'rules.remove'
        ? { drafts: context.drafts.filter((draft) => draft.id !== event.id) }
        : {},
    ),
    move: assign(({ context, event }) =>
      event.type === 'rules.move' ? { drafts: moved(context.drafts, event.id, event.by) } : {},
    ),
    showProblems: assign({ showProblems: true }),
    markSaved: assign(({ context }) => ({ saved: context.drafts, showProblems: false })),
    discard: assign(({ context }) => ({ drafts: context.saved, showProblems: false })),
  },
}).createMachine({
  id: 'payeeRules',
  context: ({ input }) => ({
    port: input.port,
    saved: [],
    drafts: [],
    add: input.add ?? null,
    added: null,
    showProblems: false,
  }),
  initial: 'loading',
  states: {
    // Reading the budget's rules.
    loading: {
      invoke: {
        src: 'loadRules',
        input: ({ context }) => ({ port: context.port }),
        onDone: [
          {
            guard: { type: 'loaded', params: ({ event }: { event: Loaded }) => ({ outcome: event.output }) },
            target: 'editing',
            actions: {
              type: 'acceptRules',
              params: ({ event }: { event: Loaded }) => ({ outcome: event.output }),
            },
          },
          { target: 'failed' },
        ],
      },
    },
    // No list to edit: offline or refused.
    failed: { on: { 'rules.retry': { target: 'loading' } } },
    editing: {
      initial: 'idle',
      states: {
        // A rule given to add is added and saved at once (the preview's "remember").
        idle: {
          always: { guard: 'adds', target: 'saving', actions: 'addGiven' },
          on: {
            'rules.add': { actions: 'addEmpty' },
            'rules.change': { actions: 'change' },
            'rules.remove': { actions: 'remove' },
            'rules.move': { actions: 'move' },
            'rules.discard': { actions: 'discard' },
            'rules.save': [{ guard: 'valid', target: 'saving' }, { actions: 'showProblems' }],
          },
        },
        // The whole list is stored at once (PUT), so the order saved is the order shown.
        saving: {
          invoke: {
            src: 'saveRules',
            input: ({ context }) => ({ port: context.port, rules: rulesOf(context.drafts) }),
            onDone: [
              {
                guard: {
                  type: 'saved',
                  params: ({ event }: { event: Saved }) => ({ outcome: event.output }),
                },
                target: 'idle',
                actions: 'markSaved',
              },
              { target: 'saveFailed' },
            ],
          },
        },
        // Not stored; the edits stay, the user saves again or discards.
        saveFailed: {
          on: {
            // The list was valid when sent and has not changed since.
            'rules.save': { target: 'saving' },
            'rules.change': { target: 'idle', actions: 'change' },
            'rules.discard': { target: 'idle', actions: 'discard' },
          },
        },
      },
    },
  },
})

export type { PayeeRule }

import * as Schema from 'effect/Schema'
import { UserId } from './ids.ts'
import { IntText } from './ledgerApi.ts'
import { Instant, IsoDate, Minor, PeriodKey } from './money.ts'

// The activity feed of a budget (issue 30 §3 "who did what"): `GET /api/budget/{id}/activity`, newest first. Each
// entry is one command (a bulk import, a budget with its starter set: one entry), told as a kind and the names it
// concerns, resolved by the server, so the app phrases it in pl/en/de as "<who>: <noun phrase>" — no verb, so no
// grammatical gender ("Ola: przydział 300 zł do Jedzenie").

export const ActivityKind = Schema.Literals([
  'budgetCreated',
  'budgetRenamed',
  'currencyChanged',
  'budgetReset',
  'budgetDeleted',
  'budgetImported',
  'groupCreated',
  'groupRenamed',
  'groupHidden',
  'groupShown',
  'groupDeleted',
  'groupsReordered',
  'categoryCreated',
  'categoryRenamed',
  'categoryHidden',
  'categoryShown',
  'categoryClassChanged',
  'categoryDeleted',
  'categoriesReordered',
  'accountOpened',
  'accountRenamed',
  'accountClosed',
  'accountReconciled',
  'transactionAdded',
  'transactionEdited',
  'transactionDeleted',
  'transferAdded',
  'transferEdited',
  'transferDeleted',
  'transactionsImported',
  'importUndone',
  'assigned',
  'moneyMoved',
  'overspendingCovered',
  'autoAssigned',
  'assignmentUndone',
  'targetSet',
  'targetRemoved',
  'filterSaved',
  'filterDeleted',
  'templateCreated',
  'templateEdited',
  'templateDeleted',
  'occurrenceCompleted',
  'occurrencesSkipped',
  'draftHorizonSet',
  'loanCreated',
  'loanActivityRecorded',
  'loanClosed',
  'other',
])
export type ActivityKind = typeof ActivityKind.Type

/**
 * One entry: the command's first event `seq` (pass it as `before` for the older ones), its last, when and by whom,
 * and what. Which optional fields a kind fills is listed in its phrase (locales/screens/activity.*.json); a name
 * the server could not find (an object removed before the events that named it) is null and the app says so.
 */
export const ActivityEntry = Schema.Struct({
  seq: Schema.Int,
  lastSeq: Schema.Int,
  recordedAt: Instant,
  actorUserId: UserId,
  /**
   * Who that is, resolved by the server for members and former members alike (display name, else e-mail): null
   * only when the account no longer exists.
   */
  actorName: Schema.NullOr(Schema.String),
  kind: ActivityKind,
  /** The object: a category, group, account, payee, template, filter, the budget's name or currency. */
  name: Schema.optionalKey(Schema.NullOr(Schema.String)),
  /** Its name before a rename. */
  previousName: Schema.optionalKey(Schema.NullOr(Schema.String)),
  /** Where money or transactions went: a category (null is "Do przydzielenia") or the other account. */
  to: Schema.optionalKey(Schema.NullOr(Schema.String)),
  /** Where money came from (null is "Do przydzielenia"). */
  from: Schema.optionalKey(Schema.NullOr(Schema.String)),
  /** The account a transaction, transfer (its outflow side) or import is on. */
  account: Schema.optionalKey(Schema.NullOr(Schema.String)),
  /** Minor units, signed as the budget shows them (an outflow is negative). */
  amount: Schema.optionalKey(Minor),
  count: Schema.optionalKey(Schema.Int),
  period: Schema.optionalKey(PeriodKey),
  date: Schema.optionalKey(IsoDate),
})
export type ActivityEntry = typeof ActivityEntry.Type

export const ActivityPage = Schema.Struct({
  items: Schema.Array(ActivityEntry),
  /** `before` for the next (older) page; null when this page reached the budget's first event. */
  nextBefore: Schema.NullOr(Schema.Int),
})
export type ActivityPage = typeof ActivityPage.Type

export const ActivityQuery = Schema.Struct({
  actor: Schema.optionalKey(UserId),
  before: Schema.optionalKey(IntText(1, Number.MAX_SAFE_INTEGER)),
  limit: Schema.optionalKey(IntText(1, 100)),
})

import { sql } from 'kysely'
import type { BudgetState } from '../../domain/state.ts'
import type { ActivityEntry, ActivityKind } from '../../schemas/activity.ts'
import type { UserId } from '../../schemas/ids.ts'
import type { Instant, IsoDate, Minor, PeriodKey } from '../../schemas/money.ts'
import { amount, type LedgerDb } from './tables.ts'

// The activity feed (schemas/activity.ts): the event stream read backwards, one entry per command, names taken from
// the budget's current state, or for objects since removed from the events that named them.

/** A stored event as this module reads it: the JSON the store keeps, bulky arrays replaced by their lengths. */
interface Row {
  readonly seq: number
  readonly commandId: string
  readonly actor: string
  readonly at: Date
  readonly data: Readonly<Record<string, unknown>> & { readonly _tag: string }
}

/**
 * Events as the feed needs them. An import's (or an imported budget's) thousands of transactions are counted by the
 * database instead of sent: the feed says "import 120 transakcji", never which ones.
 */
const readRows = async (
  db: LedgerDb,
  budgetId: string,
  before: number | undefined,
  actor: string | undefined,
  limit: number,
): Promise<Row[]> => {
  const rows = await sql<{
    seq: string | number
    command_id: string
    actor_user_id: string
    recorded_at: Date
    data: Row['data']
  }>`
    select seq, command_id, actor_user_id, recorded_at,
      case type
        when 'TransactionsImported' then jsonb_build_object('_tag', type,
          'count', jsonb_array_length(data->'transactions') - jsonb_array_length(data->'transfers'),
          'bankAccountId', coalesce(data->'source'->>'bankAccountId', data->'transactions'->0->>'bankAccountId'),
          'fileName', data->'source'->>'fileName')
        when 'ImportUndone' then jsonb_build_object('_tag', type,
          'count', jsonb_array_length(data->'transactionIds') - jsonb_array_length(data->'transferIds'))
        when 'BudgetImported' then jsonb_build_object('_tag', type, 'source', data->'source',
          'count', jsonb_array_length(data->'events'))
        when 'BudgetReset' then jsonb_build_object('_tag', type, 'date', data->'date')
        when 'AccountReconciled' then data - 'reconciledTransactionIds'
        else data
      end as data
    from budget_events
    where budget_id = ${budgetId}
      ${before === undefined ? sql`` : sql`and seq < ${before}`}
      ${actor === undefined ? sql`` : sql`and actor_user_id = ${actor}`}
    order by seq desc
    limit ${limit}
  `.execute(db)
  return rows.rows.map((row) => ({
    seq: amount(row.seq),
    commandId: row.command_id,
    actor: row.actor_user_id,
    at: row.recorded_at,
    data: row.data,
  }))
}

/** A batch's commands are numbered `<id>/<n>` (service.ts): its unit is never split between two pages. */
const unitOf = (commandId: string) => commandId.replace(/\/\d+$/u, '')

/** Events of one command, oldest first. */
type Command = readonly Row[]

/**
 * The page's requests (units), newest first, each its commands newest first, each command's events oldest first;
 * `complete` when the stream's first event (after the filters) was reached.
 */
const readCommands = async (
  db: LedgerDb,
  budgetId: string,
  before: number | undefined,
  actor: string | undefined,
  limit: number,
): Promise<{ readonly units: Command[][]; readonly complete: boolean }> => {
  const units: Row[][][] = []
  let cursor = before
  const chunk = Math.max(200, limit * 4)
  const finish = (complete: boolean) => ({
    units: units.map((unit) => unit.map((command) => [...command].reverse())),
    complete,
  })
  for (;;) {
    const rows = await readRows(db, budgetId, cursor, actor, chunk)
    for (const row of rows) {
      const unit = units.at(-1)
      const command = unit?.at(-1)
      const last = command?.at(-1)
      if (
        unit === undefined ||
        command === undefined ||
        last === undefined ||
        unitOf(last.commandId) !== unitOf(row.commandId)
      ) {
        // Another request begins: the one before it is whole, and `limit` whole requests fill a page.
        if (units.length === limit) return finish(false)
        units.push([[row]])
      } else if (last.commandId === row.commandId) command.push(row)
      else unit.push([row])
    }
    if (rows.length < chunk) return finish(true)
    cursor = rows.at(-1)?.seq
  }
}

interface Named {
  readonly name: string | null
}

/** Names that were, by object id: each (seq, name) in stream order. */
type History = Map<string, { readonly seq: number; readonly name: string }[]>

const historyOf = async (
  db: LedgerDb,
  budgetId: string,
  types: readonly string[],
  idExpression: string,
  nameExpression: string,
  ids: ReadonlySet<string>,
): Promise<History> => {
  const history: History = new Map()
  if (ids.size === 0) return history
  const rows = await sql<{ seq: string | number; id: string; name: string }>`
    select seq, ${sql.raw(idExpression)} as id, ${sql.raw(nameExpression)} as name
    from budget_events
    where budget_id = ${budgetId} and type in (${sql.join(types)})
      and ${sql.raw(idExpression)} in (${sql.join([...ids])})
    order by seq
  `.execute(db)
  for (const row of rows.rows) {
    const list = history.get(row.id) ?? []
    list.push({ seq: amount(row.seq), name: row.name })
    history.set(row.id, list)
  }
  return history
}

/** The last name `id` had before `seq` (exclusive), or at all when `seq` is undefined. */
const nameBefore = (history: History, id: string, seq?: number): string | null => {
  let found: string | null = null
  for (const entry of history.get(id) ?? []) if (seq === undefined || entry.seq < seq) found = entry.name
  return found
}

/** A transaction as its last adding or editing event left it: what a deletion entry tells. */
interface Gone {
  readonly payee: string
  readonly value: number
  readonly bankAccountId: string
}

const goneTransactions = async (
  db: LedgerDb,
  budgetId: string,
  ids: ReadonlySet<string>,
): Promise<Map<string, Gone>> => {
  const found = new Map<string, Gone>()
  if (ids.size === 0) return found
  const wanted = sql.join([...ids])
  const rows = await sql<{ t: { id: string; payee: string; value: number; bankAccountId: string } }>`
    select t from budget_events e
    cross join lateral (
      select e.data->'transaction' where e.type in ('TransactionAdded', 'TransactionEdited')
      union all select e.data->'outflow' where e.type in ('TransferAdded', 'TransferEdited')
      union all select value from jsonb_array_elements(e.data->'transactions') where e.type = 'TransactionsImported'
    ) as versions(t)
    where e.budget_id = ${budgetId}
      and e.type in ('TransactionAdded', 'TransactionEdited', 'TransferAdded', 'TransferEdited', 'TransactionsImported')
      and t->>'id' in (${wanted})
    order by e.seq
  `.execute(db)
  for (const { t } of rows.rows)
    found.set(t.id, { payee: t.payee, value: t.value, bankAccountId: t.bankAccountId })
  return found
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '')
const int = (value: unknown): number => (typeof value === 'number' ? value : 0)
const record = (value: unknown): Readonly<Record<string, unknown>> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {}

/** What an entry's first telling event refers to, gathered before the names are looked up. */
interface Wanted {
  readonly categories: Set<string>
  readonly groups: Set<string>
  readonly accounts: Set<string>
  readonly templates: Set<string>
  readonly filters: Set<string>
  readonly transactions: Set<string>
}

/** Events a command makes besides the one that tells it (a new budget's "Do przydzielenia" category). */
const quiet = new Set(['IncomeDestinationCreated', 'OccurrenceCompleted'])

/** The event that tells a command: its first but the quiet ones (a confirmed draft tells its transaction). */
const tellingEvent = (command: Command): Row => {
  const first = command.find((row) => !quiet.has(row.data._tag)) ?? command[0]
  if (first === undefined) throw new Error('a command without events')
  return first
}

const want = (wanted: Wanted, state: BudgetState, event: Row['data']) => {
  const category = (id: unknown) => {
    if (typeof id === 'string') wanted.categories.add(id)
  }
  const d = event
  switch (d._tag) {
    case 'CategoryGroupCreated':
    case 'CategoryGroupRenamed':
    case 'CategoryGroupHiddenChanged':
    case 'CategoryGroupDeleted':
    case 'CategoriesReordered':
      wanted.groups.add(text(d.categoryGroupId))
      return
    case 'CategoryCreated':
    case 'CategoryRenamed':
    case 'CategoryHiddenChanged':
    case 'CategorySpendingClassChanged':
      category(d.categoryId)
      return
    case 'CategoryDeleted':
      category(d.categoryId)
      category(d.movedToCategoryId)
      return
    case 'BankAccountOpened':
    case 'BankAccountRenamed':
    case 'BankAccountClosed':
    case 'AccountReconciled':
    case 'TransactionsImported':
      wanted.accounts.add(text(d.bankAccountId))
      return
    case 'TransactionAdded':
    case 'TransactionEdited':
      wanted.accounts.add(text(record(d.transaction).bankAccountId))
      return
    case 'TransferAdded':
    case 'TransferEdited':
      wanted.accounts.add(text(record(d.outflow).bankAccountId))
      wanted.accounts.add(text(record(d.inflow).bankAccountId))
      return
    case 'TransactionDeleted':
      wanted.transactions.add(text(d.transactionId))
      return
    case 'TransferDeleted':
      wanted.transactions.add(text(d.outflowTransactionId))
      wanted.transactions.add(text(d.inflowTransactionId))
      return
    case 'AssignedSet':
      category(d.categoryId)
      return
    case 'MoneyMoved':
    case 'OverspendingCovered':
      category(d.fromCategoryId)
      category(d.toCategoryId)
      return
    case 'TargetSet':
      category(record(d.target).categoryId)
      return
    case 'TargetRemoved':
      category(d.categoryId)
      return
    case 'FilterSaved':
    case 'FilterDeleted':
      wanted.filters.add(text(d.filterId))
      return
    case 'TemplateCreated':
    case 'TemplateEdited':
      return
    case 'TemplateDeleted':
    case 'OccurrencesSkippedThrough':
      wanted.templates.add(text(d.templateId))
      return
    default:
      void state
  }
}

/** The names an entry shows: current ones, else the last the events gave, else null. */
interface Names {
  category(id: unknown, seq?: number): string | null
  group(id: unknown, seq?: number): string | null
  account(id: unknown, seq?: number): string | null
  template(id: unknown): string | null
  /** Loans are never removed: the current name. */
  loan(id: unknown): string | null
  filter(id: unknown): string | null
  previousCategory(id: unknown, seq: number): string | null
  previousGroup(id: unknown, seq: number): string | null
  previousAccount(id: unknown, seq: number): string | null
  transaction(id: unknown): Gone | undefined
}

const lookUpNames = async (
  db: LedgerDb,
  budgetId: string,
  state: BudgetState,
  wanted: Wanted,
): Promise<Names> => {
  // Renames need the name before; removed objects any name at all. Others are in the state.
  const [categories, groups, accounts, templates, filters, transactions] = await Promise.all([
    historyOf(
      db,
      budgetId,
      ['CategoryCreated', 'CategoryRenamed'],
      "data->>'categoryId'",
      "data->>'name'",
      wanted.categories,
    ),
    historyOf(
      db,
      budgetId,
      ['CategoryGroupCreated', 'CategoryGroupRenamed'],
      "data->>'categoryGroupId'",
      "data->>'name'",
      wanted.groups,
    ),
    historyOf(
      db,
      budgetId,
      ['BankAccountOpened', 'BankAccountRenamed'],
      "data->>'bankAccountId'",
      "data->>'name'",
      wanted.accounts,
    ),
    historyOf(
      db,
      budgetId,
      ['TemplateCreated', 'TemplateEdited'],
      "data->'template'->>'id'",
      "data->'template'->>'payee'",
      new Set([...wanted.templates].filter((id) => !state.templates.has(id as never))),
    ),
    historyOf(
      db,
      budgetId,
      ['FilterSaved'],
      "data->>'filterId'",
      "data->>'name'",
      new Set([...wanted.filters].filter((id) => !state.filters.has(id as never))),
    ),
    goneTransactions(db, budgetId, wanted.transactions),
  ])
  // Ids read from stored events: the branded key types only say which map they belong to.
  const current = <K extends string, T>(map: ReadonlyMap<K, T>, id: unknown): T | undefined =>
    typeof id === 'string' ? map.get(id as K) : undefined
  const named = (now: Named | undefined, history: History, id: unknown, seq?: number) =>
    now?.name ??
    (typeof id === 'string' ? nameBefore(history, id, seq === undefined ? undefined : seq + 1) : null)
  return {
    category: (id, seq) => named(current(state.categories, id), categories, id, seq),
    group: (id, seq) => named(current(state.groups, id), groups, id, seq),
    account: (id, seq) => named(current(state.accounts, id), accounts, id, seq),
    template: (id) => current(state.templates, id)?.payee ?? nameBefore(templates, text(id)),
    loan: (id) => current(state.loans, id)?.name ?? null,
    filter: (id) => current(state.filters, id)?.name ?? nameBefore(filters, text(id)),
    previousCategory: (id, seq) => nameBefore(categories, text(id), seq),
    previousGroup: (id, seq) => nameBefore(groups, text(id), seq),
    previousAccount: (id, seq) => nameBefore(accounts, text(id), seq),
    transaction: (id) => transactions.get(text(id)),
  }
}

type What = Omit<ActivityEntry, 'seq' | 'lastSeq' | 'recordedAt' | 'actorUserId' | 'actorName'>

const minor = (value: unknown) => int(value) as Minor
const period = (value: unknown) => text(value) as PeriodKey
const date = (value: unknown) => text(value) as IsoDate

/** What one command did, told by its telling event (`count` for commands of many events of one kind). */
const tell = (command: Command, row: Row, names: Names): What => {
  const d = row.data
  const seq = row.seq
  const kind = (k: ActivityKind, fields: Omit<What, 'kind'> = {}): What => ({ kind: k, ...fields })
  switch (d._tag) {
    case 'BudgetCreated': {
      const categories = command.filter((event) => event.data._tag === 'CategoryCreated').length
      return kind('budgetCreated', { name: text(d.name), count: categories })
    }
    case 'BudgetRenamed':
      return kind('budgetRenamed', { name: text(d.name) })
    case 'CurrencyChanged':
      return kind('currencyChanged', { name: text(d.currency) })
    case 'BudgetReset':
      return kind('budgetReset', { date: date(d.date) })
    case 'BudgetDeleted':
      return kind('budgetDeleted')
    case 'BudgetImported':
      return kind('budgetImported', { name: text(d.source), count: int(d.count) })
    case 'CategoryGroupCreated':
      return kind('groupCreated', { name: text(d.name) })
    case 'CategoryGroupRenamed':
      return kind('groupRenamed', {
        name: text(d.name),
        previousName: names.previousGroup(d.categoryGroupId, seq),
      })
    case 'CategoryGroupHiddenChanged':
      return kind(d.hidden === true ? 'groupHidden' : 'groupShown', {
        name: names.group(d.categoryGroupId, seq),
      })
    case 'CategoryGroupDeleted':
      return kind('groupDeleted', { name: names.group(d.categoryGroupId, seq) })
    case 'CategoryGroupsReordered':
      return kind('groupsReordered')
    case 'CategoryCreated':
      return kind('categoryCreated', { name: text(d.name) })
    case 'CategoryRenamed':
      return kind('categoryRenamed', {
        name: text(d.name),
        previousName: names.previousCategory(d.categoryId, seq),
      })
    case 'CategoryHiddenChanged':
      return kind(d.hidden === true ? 'categoryHidden' : 'categoryShown', {
        name: names.category(d.categoryId, seq),
      })
    case 'CategorySpendingClassChanged':
      return kind('categoryClassChanged', { name: names.category(d.categoryId, seq) })
    case 'CategoryDeleted':
      return kind('categoryDeleted', {
        name: names.category(d.categoryId, seq),
        to: names.category(d.movedToCategoryId, seq),
      })
    case 'CategoriesReordered':
      return kind('categoriesReordered', { name: names.group(d.categoryGroupId, seq) })
    case 'BankAccountOpened':
      return kind('accountOpened', { name: text(d.name), amount: minor(d.openingBalance) })
    case 'BankAccountRenamed':
      return kind('accountRenamed', {
        name: text(d.name),
        previousName: names.previousAccount(d.bankAccountId, seq),
      })
    case 'BankAccountClosed':
      return kind('accountClosed', { name: names.account(d.bankAccountId, seq) })
    case 'AccountReconciled':
      return kind('accountReconciled', {
        name: names.account(d.bankAccountId, seq),
        amount: minor(d.balance),
        date: date(d.date),
      })
    case 'TransactionAdded':
    case 'TransactionEdited': {
      const t = record(d.transaction)
      return kind(d._tag === 'TransactionAdded' ? 'transactionAdded' : 'transactionEdited', {
        name: text(t.payee),
        amount: minor(t.value),
        account: names.account(t.bankAccountId, seq),
        date: date(t.date),
      })
    }
    case 'TransactionDeleted': {
      const gone = names.transaction(d.transactionId)
      return kind('transactionDeleted', {
        name: gone?.payee ?? null,
        ...(gone === undefined
          ? {}
          : { amount: minor(gone.value), account: names.account(gone.bankAccountId, seq) }),
      })
    }
    case 'TransferAdded':
    case 'TransferEdited': {
      const outflow = record(d.outflow)
      const inflow = record(d.inflow)
      return kind(d._tag === 'TransferAdded' ? 'transferAdded' : 'transferEdited', {
        account: names.account(outflow.bankAccountId, seq),
        to: names.account(inflow.bankAccountId, seq),
        amount: minor(Math.abs(int(outflow.value))),
        date: date(outflow.date),
      })
    }
    case 'TransferDeleted': {
      const outflow = names.transaction(d.outflowTransactionId)
      const inflow = names.transaction(d.inflowTransactionId)
      return kind('transferDeleted', {
        account: outflow === undefined ? null : names.account(outflow.bankAccountId, seq),
        to: inflow === undefined ? null : names.account(inflow.bankAccountId, seq),
        ...(outflow === undefined ? {} : { amount: minor(Math.abs(outflow.value)) }),
      })
    }
    case 'TransactionsImported':
      return kind('transactionsImported', {
        count: int(d.count),
        account: names.account(d.bankAccountId, seq),
        ...(typeof d.fileName === 'string' ? { name: d.fileName } : {}),
      })
    case 'ImportUndone':
      return kind('importUndone', { count: int(d.count) })
    case 'AssignedSet':
      return kind('assigned', {
        name: names.category(d.categoryId, seq),
        amount: minor(d.delta),
        period: period(d.periodKey),
      })
    case 'MoneyMoved':
    case 'OverspendingCovered':
      return kind(d._tag === 'MoneyMoved' ? 'moneyMoved' : 'overspendingCovered', {
        from: d.fromCategoryId === null ? null : names.category(d.fromCategoryId, seq),
        to: d.toCategoryId === null ? null : names.category(d.toCategoryId, seq),
        amount: minor(d.amount),
        period: period(d.periodKey),
      })
    case 'AutoAssigned':
    case 'AssignmentUndone': {
      const changes = Array.isArray(d.changes) ? d.changes.map(record) : []
      return kind(d._tag === 'AutoAssigned' ? 'autoAssigned' : 'assignmentUndone', {
        count: changes.length,
        amount: minor(changes.reduce((sum, change) => sum + int(change.delta), 0)),
        period: period(d.periodKey),
      })
    }
    case 'TargetSet':
      return kind('targetSet', {
        name: names.category(record(d.target).categoryId, seq),
        amount: minor(record(d.target).amount),
      })
    case 'TargetRemoved':
      return kind('targetRemoved', { name: names.category(d.categoryId, seq) })
    case 'FilterSaved':
      return kind('filterSaved', { name: text(d.name) })
    case 'FilterDeleted':
      return kind('filterDeleted', { name: names.filter(d.filterId) })
    case 'TemplateCreated':
    case 'TemplateEdited': {
      const template = record(d.template)
      return kind(d._tag === 'TemplateCreated' ? 'templateCreated' : 'templateEdited', {
        name: text(template.payee),
        amount: minor(template.value),
      })
    }
    case 'TemplateDeleted':
      return kind('templateDeleted', { name: names.template(d.templateId) })
    case 'OccurrenceCompleted':
      return kind('occurrenceCompleted', { name: names.template(d.templateId) })
    case 'OccurrencesSkippedThrough':
      return kind('occurrencesSkipped', { name: names.template(d.templateId), date: date(d.date) })
    case 'DraftHorizonSet':
      return kind('draftHorizonSet', { count: int(d.days) })
    case 'LoanCreated': {
      const loan = record(d.loan)
      return kind('loanCreated', { name: text(loan.name), amount: minor(loan.principal) })
    }
    case 'LoanActivityRecorded':
      return kind('loanActivityRecorded', { name: names.loan(d.loanId) })
    case 'LoanClosed':
      return kind('loanClosed', { name: names.loan(d.loanId) })
    default:
      return kind('other')
  }
}

/**
 * The page's actors by name, from the users table: a former member keeps their name as long as their account
 * exists (the feed would otherwise only say "a former member"); a deleted account is missing.
 */
const actorNamesOf = async (db: LedgerDb, page: readonly Command[]): Promise<Map<string, string>> => {
  const ids = [...new Set(page.flatMap((command) => (command[0] === undefined ? [] : [command[0].actor])))]
  if (ids.length === 0) return new Map()
  const rows = await sql<{ id: string; name: string | null }>`
    select id::text as id, coalesce(display_name, email) as name from users
    where id::text in (${sql.join(ids)})
  `.execute(db)
  return new Map(rows.rows.flatMap((row) => (row.name === null ? [] : [[row.id, row.name] as const])))
}

export interface ActivityQueryValues {
  readonly before?: number | undefined
  readonly actor?: string | undefined
  readonly limit: number
}

/** One page of the feed, newest first. `state` is the budget's summary (names of what exists now). */
export const activityPage = async (
  db: LedgerDb,
  budgetId: string,
  state: BudgetState,
  query: ActivityQueryValues,
): Promise<{ items: ActivityEntry[]; nextBefore: number | null }> => {
  const { units, complete } = await readCommands(db, budgetId, query.before, query.actor, query.limit)
  // A new budget and its starter set (one request) read as one entry; other requests one entry per command.
  const entries: Command[] = []
  for (const unit of units) {
    const oldest = unit.at(-1)
    if (oldest !== undefined && tellingEvent(oldest).data._tag === 'BudgetCreated')
      entries.push(unit.flatMap((c) => [...c]).sort((a, b) => a.seq - b.seq))
    else entries.push(...unit)
  }
  const page = entries.slice(0, query.limit)
  const wanted: Wanted = {
    categories: new Set(),
    groups: new Set(),
    accounts: new Set(),
    templates: new Set(),
    filters: new Set(),
    transactions: new Set(),
  }
  for (const command of page) want(wanted, state, tellingEvent(command).data)
  const names = await lookUpNames(db, budgetId, state, wanted)
  const actorNames = await actorNamesOf(db, page)
  const items = page.map((command): ActivityEntry => {
    const first = command[0]
    const last = command.at(-1)
    if (first === undefined || last === undefined) throw new Error('a command without events')
    return {
      seq: first.seq,
      lastSeq: last.seq,
      recordedAt: first.at.toISOString() as Instant,
      actorUserId: first.actor as UserId,
      actorName: actorNames.get(first.actor) ?? null,
      ...tell(command, tellingEvent(command), names),
    }
  })
  const oldest = items.at(-1)
  const reachedStart = complete && page.length === entries.length
  return { items, nextBefore: reachedStart || oldest === undefined ? null : oldest.seq }
}

/**
 * Who last added or changed each transaction, from the events (a transfer's sides, a bulk import's rows, a
 * whole imported budget's too): the budget export's authorship. One pass over the budget's transaction events.
 */
export const transactionAuthors = async (db: LedgerDb, budgetId: string): Promise<Map<string, UserId>> => {
  const rows = await sql<{ id: string; actor: string }>`
    select distinct on (touched.id) touched.id, e.actor_user_id as actor
    from budget_events e
    cross join lateral (
      select e.data->'transaction'->>'id' where e.type in ('TransactionAdded', 'TransactionEdited')
      union all select side->>'id' from (values (e.data->'outflow'), (e.data->'inflow')) as sides(side)
        where e.type in ('TransferAdded', 'TransferEdited')
      union all select t->>'id' from jsonb_array_elements(e.data->'transactions') as t
        where e.type = 'TransactionsImported'
      union all select t->>'id' from jsonb_array_elements(e.data->'restored') as t where e.type = 'ImportUndone'
      union all select coalesce(x->'transaction'->>'id', t->>'id')
        from jsonb_array_elements(e.data->'events') as x
        left join lateral jsonb_array_elements(
          case x->>'_tag' when 'TransactionsImported' then x->'transactions'
            when 'TransferAdded' then jsonb_build_array(x->'outflow', x->'inflow') else '[]'::jsonb end
        ) as t on true
        where e.type = 'BudgetImported'
    ) as touched(id)
    where e.budget_id = ${budgetId}
      and e.type in ('TransactionAdded', 'TransactionEdited', 'TransferAdded', 'TransferEdited',
        'TransactionsImported', 'ImportUndone', 'BudgetImported')
      and touched.id is not null
    order by touched.id, e.seq desc
  `.execute(db)
  return new Map(rows.rows.map((row) => [row.id, row.actor as UserId]))
}

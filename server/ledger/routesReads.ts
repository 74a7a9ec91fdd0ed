import { firstDayOfPeriod, lastDayOfPeriod } from '../../domain/period.ts'
import { toSnapshot } from '../../domain/snapshot.ts'
import { BudgetStateAnswer, StateQuery } from '../../schemas/budgetSnapshot.ts'
import {
  AssignmentRecordList,
  BankAccountList,
  BudgetParams,
  CategoryGroupList,
  CategoryList,
  EmptyList,
  EventPage,
  EventsQuery,
  FilterList,
  PeriodParams,
  SplitPage,
  TargetList,
  TransactionListQuery,
  TransactionPage,
} from '../../schemas/ledgerApi.ts'
import { type AnyRoute, type ContractSchema, defineRoute, jsonText } from '../http/route.ts'
import { readableHead, readReply } from './http.ts'
import { budgetNotFound } from './problems.ts'
import {
  allTransactionsJson,
  listAccountViews,
  listCategories,
  listFilters,
  listGroups,
  listRecords,
  listTargets,
  transactionPageJson,
} from './read.ts'
import { readAtOneVersion } from './service.ts'
import { readEvents } from './store.ts'
import type { LedgerDb } from './tables.ts'

/** GET /api/budget/{id}/<resource>: a read model as a list, with the budget version as ETag. */
const listRoute = (
  resource: string,
  operationId: string,
  schema: ContractSchema,
  load: (db: LedgerDb, budgetId: string) => Promise<unknown>,
): AnyRoute =>
  defineRoute({
    method: 'GET',
    path: `/api/budget/:budgetId/${resource}`,
    operationId,
    summary: `The ${resource} of a budget`,
    tags: ['budget-resources'],
    params: BudgetParams,
    responses: { 200: { description: `The ${resource}.`, schema } },
    handler: async ({ params, request }) => {
      const head = await readableHead(request, params.budgetId)
      return readReply(await load(request.server.ledger.db, params.budgetId), head.version)
    },
  })

const nothingYet = async () => []

const transactionQuery = (query: typeof TransactionListQuery.Type) => ({
  accountId: query.accountId,
  categoryId: query.categoryId,
  from: query.from ?? (query.period === undefined ? undefined : firstDayOfPeriod(query.period)),
  to: query.to ?? (query.period === undefined ? undefined : lastDayOfPeriod(query.period)),
  limit: query.limit ?? 100,
  after: query.after,
})

export const readRoutes: readonly AnyRoute[] = [
  listRoute('category-groups', 'listCategoryGroups', CategoryGroupList, listGroups),
  listRoute('categories', 'listCategories', CategoryList, listCategories),
  listRoute('bank-accounts', 'listBankAccounts', BankAccountList, listAccountViews),
  listRoute('targets', 'listTargets', TargetList, listTargets),
  listRoute('filters', 'listFilters', FilterList, listFilters),
  // users and budget-collaborations: server/sharing/routes.ts (CollaborationList).
  // Resources whose features come with later issues answer empty lists until then.
  listRoute('plans', 'listPlans', EmptyList, nothingYet),
  // loans, loans-schedule and loan-activities: routesLoans.ts.
  listRoute('bank-connections', 'listBankConnections', EmptyList, nothingYet),
  defineRoute({
    method: 'GET',
    path: '/api/budget/:budgetId/transactions',
    operationId: 'listTransactions',
    summary:
      'Transactions, newest first, keyset-paginated (filter by accountId, categoryId, period or from/to)',
    tags: ['transactions'],
    params: BudgetParams,
    query: TransactionListQuery,
    // The database writes the page's JSON from rows written from typed transactions (read.ts#transactionPageJson).
    responses: { 200: { description: 'One page.', schema: TransactionPage, encodesAsIs: true } },
    handler: async ({ params, query, request }) => {
      const head = await readableHead(request, params.budgetId)
      const page = await transactionPageJson(
        request.server.ledger.db,
        params.budgetId,
        transactionQuery(query),
      )
      return readReply(jsonText(page), head.version)
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/api/budget/:budgetId/transaction-splits',
    operationId: 'listTransactionSplits',
    summary: 'The splits of a page of transactions (same filters and cursor as /transactions)',
    tags: ['transactions'],
    params: BudgetParams,
    query: TransactionListQuery,
    responses: { 200: { description: 'One page.', schema: SplitPage } },
    handler: async ({ params, query, request }) => {
      const head = await readableHead(request, params.budgetId)
      // The same page as /transactions, in its wire shape (the answer is then encoded by SplitPage).
      const page: typeof TransactionPage.Type = JSON.parse(
        (await transactionPageJson(request.server.ledger.db, params.budgetId, transactionQuery(query))).join(
          '',
        ),
      )
      const items = page.items.flatMap((transaction) =>
        transaction.splits.map((split) => ({ transactionId: transaction.id, ...split })),
      )
      return readReply({ items, nextCursor: page.nextCursor }, head.version)
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/api/budget/:budgetId/period/:periodKey/assignment-records',
    operationId: 'listAssignmentRecords',
    summary: 'Every change of an assigned amount in a month (who, when, source, from, to, amount)',
    tags: ['assignments'],
    params: PeriodParams,
    responses: { 200: { description: 'The records, oldest first.', schema: AssignmentRecordList } },
    handler: async ({ params, request }) => {
      const head = await readableHead(request, params.budgetId)
      return readReply(
        await listRecords(request.server.ledger.db, params.budgetId, params.periodKey),
        head.version,
      )
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/api/budget/:budgetId/state',
    operationId: 'getBudgetState',
    summary:
      'The whole budget state at its current version (with ?part=summary all but its transactions), for clients that fold the live stream from there',
    tags: ['live'],
    params: BudgetParams,
    query: StateQuery,
    responses: {
      200: { description: 'The state and its version.', schema: BudgetStateAnswer, encodesAsIs: true },
    },
    handler: async ({ params, query, request }) => {
      await readableHead(request, params.budgetId)
      const whole = query.part !== 'summary'
      // The summary and the stored transactions at one version.
      const read = await readAtOneVersion(request.server.ledger, params.budgetId, (trx) =>
        whole ? allTransactionsJson(trx, params.budgetId) : Promise.resolve(undefined),
      )
      if (read === undefined) throw budgetNotFound()
      const summary = toSnapshot(read.state)
      if (read.alongside === undefined)
        return readReply({ version: read.version, state: summary }, read.version)
      const { transactions: _none, transfers: _noLinks, ...rest } = summary
      // `{"version":…,"state":{…}}` with the database's text spliced in before the two closing braces.
      const head = JSON.stringify({ version: read.version, state: rest })
      return readReply(
        jsonText(
          `${head.slice(0, -2)},"transactions":${read.alongside.transactions},"transfers":${read.alongside.transfers}}}`,
        ),
        read.version,
      )
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/api/budget/:budgetId/events',
    operationId: 'listBudgetEvents',
    summary:
      'The events after ?after=N (a page of at most ?limit), for clients folding the stream themselves',
    tags: ['live'],
    params: BudgetParams,
    query: EventsQuery,
    responses: {
      // The events are typed domain values stored as the JSON they encode to.
      200: { description: 'Events in order.', schema: EventPage, encodesAsIs: true },
    },
    handler: async ({ params, query, request }) => {
      const head = await readableHead(request, params.budgetId)
      const events = await readEvents(
        request.server.ledger.db,
        params.budgetId,
        query.after ?? 0,
        query.limit ?? 1000,
      )
      return readReply(
        {
          version: head.version,
          events,
        },
        head.version,
      )
    },
  }),
]

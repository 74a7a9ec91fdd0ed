import fp from 'fastify-plugin'
import { budgetFileRoutes } from '../budgetImport/routes.ts'
import { registerRoute } from '../http/register.ts'
import type { AnyRoute } from '../http/route.ts'
import { importRoutes } from '../imports/routes.ts'
import { importSettingsRoutes } from '../imports/routesSettings.ts'
import { forgetAccountBudgets } from './accountDeletion.ts'
import { createStateCache } from './cache.ts'
import { addMissingIncomeDestinations } from './incomeDestinations.ts'
import { defaultLiveStreamSettings, mountLiveStream } from './live.ts'
import { createLocalNotifier, createPostgresNotifier } from './notifier.ts'
import { activityRoutes } from './routesActivity.ts'
import { assignmentRoutes } from './routesAssignments.ts'
import { budgetRoutes } from './routesBudgets.ts'
import { commandRoutes } from './routesCommands.ts'
import { loanRoutes } from './routesLoans.ts'
import { moneyRoutes } from './routesMoney.ts'
import { readRoutes } from './routesReads.ts'
import { statisticsRoutes } from './routesStatistics.ts'
import { structureRoutes } from './routesStructure.ts'
import { templateRoutes } from './routesTemplates.ts'
import { createStatisticsKeeper } from './statistics.ts'
import { type LedgerDb, ledgerDb } from './tables.ts'

/** Every documented budget route (the SSE stream is mounted beside them). */
export const ledgerApiRoutes: readonly AnyRoute[] = [
  ...budgetRoutes,
  ...structureRoutes,
  ...moneyRoutes,
  ...assignmentRoutes,
  ...readRoutes,
  ...activityRoutes,
  ...statisticsRoutes,
  ...templateRoutes,
  ...loanRoutes,
  ...commandRoutes,
  ...budgetFileRoutes,
  ...importRoutes,
  ...importSettingsRoutes,
]

/** The ledger: event store, inline projections, state cache, live updates, and the /api/budget routes. */
export const ledgerPlugin = fp(
  async (app) => {
    const url = app.config.DATABASE_URL
    const notifier =
      app.database.kind === 'postgres' && url !== undefined
        ? await createPostgresNotifier(url, (error) => app.log.error({ err: error }, 'budget notifications'))
        : createLocalNotifier()
    const cache = createStateCache()
    const db = ledgerDb(app.database.db)
    const statistics = createStatisticsKeeper(db, (error) =>
      app.log.warn({ err: error }, 'refreshing planner statistics failed (queries may plan worse)'),
    )
    const ledger = {
      db,
      cache,
      notifier,
      statistics,
      live: defaultLiveStreamSettings,
      clock: () => new Date(),
    }
    app.decorate('ledger', ledger)
    const added = await addMissingIncomeDestinations(ledger, (budgetId, error) =>
      app.log.error({ err: error, budgetId }, 'could not give a budget its "Do przydzielenia" category'),
    )
    if (added > 0) app.log.info({ budgets: added }, 'gave older budgets their "Do przydzielenia" category')
    // Deleting an account takes the budgets it keeps alone along, in the same transaction.
    app.identity.onAccountDeletion((trx, userId) =>
      // The identity transaction seen with the ledger's tables, as ledgerDb does for the pool.
      forgetAccountBudgets(trx as unknown as LedgerDb, cache, notifier, userId),
    )
    app.addHook('onClose', async () => {
      await statistics.settle()
      await notifier.close()
    })
    for (const route of ledgerApiRoutes) registerRoute(app, route)
    mountLiveStream(app)
  },
  { name: 'koperta-ledger', dependencies: ['koperta-database', 'koperta-identity'] },
)

import { useActorRef } from '@xstate/react'
import { useMemo } from 'react'
import type { ActorRefFrom } from 'xstate'
import { budgetImportMachine } from '../../../machines/budgetImport/index.ts'
import type { BudgetId } from '../../../schemas/ids.ts'
import { useLoadApi } from '../../api/ApiContext.tsx'
import { createBudgetImportPort } from '../../ports/budgetImportPort.ts'

export type BudgetImportRef = ActorRefFrom<typeof budgetImportMachine>

/** The import page's flow for one budget: a file chosen, recognised, sent; the report. */
export const useBudgetImportActor = (budgetId: BudgetId): BudgetImportRef => {
  const loadApi = useLoadApi()
  const port = useMemo(() => createBudgetImportPort(loadApi), [loadApi])
  return useActorRef(budgetImportMachine, { input: { port, budgetId } })
}

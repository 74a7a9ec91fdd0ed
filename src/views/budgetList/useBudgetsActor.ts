import { useActorRef } from '@xstate/react'
import { useMemo } from 'react'
import type { ActorRefFrom } from 'xstate'
import { getToastsRef } from '../../../machines/app/index.ts'
import { budgetsMachine } from '../../../machines/budgetList/index.ts'
import { useLoadApi } from '../../api/ApiContext.tsx'
import { useAppActor } from '../../app/AppActor.tsx'
import { createBudgetsPort } from '../../ports/budgetsPort.ts'

export type BudgetsRef = ActorRefFrom<typeof budgetsMachine>

/** The caller's budgets for one screen: read on mount, written through the budgets API, failures toasted. */
export const useBudgetsActor = (): BudgetsRef => {
  const app = useAppActor()
  const loadApi = useLoadApi()
  const port = useMemo(() => createBudgetsPort(loadApi), [loadApi])
  return useActorRef(budgetsMachine, { input: { port, toasts: getToastsRef(app) } })
}

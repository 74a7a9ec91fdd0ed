import { useActorRef } from '@xstate/react'
import { useMemo } from 'react'
import type { ActorRefFrom } from 'xstate'
import { getAnalyticsRef } from '../../../machines/app/index.ts'
import { bankImportMachine } from '../../../machines/bankImport/index.ts'
import type { BankAccountId } from '../../../schemas/ids.ts'
import { useLoadApi } from '../../api/ApiContext.tsx'
import { useAppActor } from '../../app/AppActor.tsx'
import { createBankImportPort } from '../../ports/bankImportPort.ts'

export type ImportRef = ActorRefFrom<typeof bankImportMachine>

/** The import flow of one screen (it lives as long as the screen; its history and presets with it). */
export const useImportActor = (budgetId: string, bankAccountId: BankAccountId | null): ImportRef => {
  const app = useAppActor()
  const loadApi = useLoadApi()
  const port = useMemo(() => createBankImportPort(loadApi, budgetId), [loadApi, budgetId])
  return useActorRef(bankImportMachine, {
    input: { port, bankAccountId, analytics: getAnalyticsRef(app) },
  })
}

import { useActorRef } from '@xstate/react'
import type { AnyStateMachine, InputFrom } from 'xstate'
import type { DialogEnv } from '../../../../machines/dialogs/shared/index.ts'
import { useDialogEnv } from '../../../openBudget/OpenBudget.tsx'

/** The props a dialog machine takes besides the environment every dialog shares. */
export type FlowProps<M extends AnyStateMachine> =
  InputFrom<M> extends { readonly props: infer P } ? P : never

/**
 * A dialog's actor for as long as the dialog is shown, started with the given environment and the dialog's own
 * props: the set-up every dialog view shares. The props are read once, when the dialog opens.
 */
export const useFlowDialogIn = <M extends AnyStateMachine>(
  machine: M,
  env: DialogEnv,
  props: FlowProps<M>,
) => {
  // Every dialog machine's input is the environment plus its props (FormDialogInput<P>); TypeScript cannot see
  // that a generic machine's InputFrom is that shape, so the one cast of the dialog views lives here.
  const input = { ...env, props } as InputFrom<M>
  return useActorRef(machine, { input })
}

/** A dialog of the open budget: its commands go to the budget actor of the screen. */
export const useFlowDialog = <M extends AnyStateMachine>(machine: M, props: FlowProps<M>) =>
  useFlowDialogIn(machine, useDialogEnv(), props)

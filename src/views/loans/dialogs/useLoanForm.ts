import { useActorRef } from '@xstate/react'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import type { ActorRef, AnyStateMachine, InputFrom, Snapshot } from 'xstate'
import type { DialogSnapshotLike } from '../../../../machines/dialogs/shared/index.ts'
import type { LoanFormEvent } from '../../../../machines/loans/index.ts'
import { selectBudget } from '../../../../machines/openBudget/index.ts'
import { CurrencyCode } from '../../../../schemas/money.ts'
import { useLoadApi } from '../../../api/ApiContext.tsx'
import type { FormDialogRef } from '../../../components/dialog/FormDialog.tsx'
import { useBudget } from '../../../openBudget/OpenBudget.tsx'
import { createLoansPort } from '../../../ports/loansPort.ts'
import type { FlowProps } from '../../dialogs/shared/useFlowDialog.ts'

const FALLBACK_CURRENCY = CurrencyCode.make('PLN')

/**
 * A loan dialog's actor for as long as the dialog is shown: its writes go over the app's HTTP client to the
 * budget's loans, its amounts and dates read in the budget's currency and the person's language.
 */
export const useLoanForm = <M extends AnyStateMachine>(machine: M, budgetId: string, props: FlowProps<M>) => {
  const loadApi = useLoadApi()
  const { i18n } = useTranslation()
  const currency = useBudget(selectBudget)?.currency ?? FALLBACK_CURRENCY
  const locale = i18n.resolvedLanguage ?? 'pl'
  // Read once, when the dialog opens (as every dialog's input).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the machine's input is read once, at its start.
  const input = useMemo(
    // Every loan form's input is the environment plus its props (LoanFormInput<P>); TypeScript cannot see that a
    // generic machine's InputFrom is that shape (as in useFlowDialog).
    () => ({ port: createLoansPort(loadApi), budgetId, currency, locale, props }) as InputFrom<M>,
    [loadApi, budgetId],
  )
  return useActorRef(machine, { input })
}

/**
 * The shared form controls (FormDialog and its fields) bind any form on the dialog chart. A loan form hears the same
 * events less the open budget's replies, which those controls never send; the one widening cast lives here.
 */
export const asFormRef = <F>(
  actor: ActorRef<DialogSnapshotLike<F> & Snapshot<unknown>, LoanFormEvent<F>>,
): FormDialogRef<F> => actor as FormDialogRef<F>

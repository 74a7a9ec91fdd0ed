import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import { deleteConfirmMachine } from '../../../../machines/dialogs/deleteConfirm/index.ts'
import { selectWasApplied } from '../../../../machines/dialogs/shared/index.ts'
import type { CommandDraft } from '../../../../machines/openBudget/index.ts'
import { CurrencyCode } from '../../../../schemas/money.ts'
import { FormDialog } from '../../../components/dialog/FormDialog.tsx'
import type { BudgetsRef } from '../../budgetList/useBudgetsActor.ts'
import { useFlowDialogIn } from '../shared/useFlowDialog.ts'

const PLN = CurrencyCode.make('PLN')

/** SPEC's confirm ("Tej akcji nie można cofnąć. Kontynuować?") before a delete or a reset of the target budget. */
export function ConfirmDialog({
  budgets,
  commands,
  title,
  body,
  submitLabel,
  onClosed,
}: {
  readonly budgets: BudgetsRef
  readonly commands: ReadonlyArray<CommandDraft>
  readonly title: string
  readonly body: string
  readonly submitLabel: string
  readonly onClosed: (applied: boolean) => void
}) {
  const { t, i18n } = useTranslation()
  const actor = useFlowDialogIn(
    deleteConfirmMachine,
    {
      budget: budgets,
      currency: PLN,
      locale: i18n.resolvedLanguage ?? 'pl',
      newId: () => crypto.randomUUID(),
    },
    { kind: 'commands', commands },
  )
  const closed = useCallback(() => onClosed(selectWasApplied(actor.getSnapshot())), [actor, onClosed])
  return (
    <FormDialog actor={actor} title={title} submitLabel={submitLabel} onClosed={closed} destructive>
      <p>{body}</p>
      <p>
        <strong>{t('toast.confirm')}</strong>
      </p>
    </FormDialog>
  )
}

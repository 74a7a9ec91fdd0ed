import { useSelector } from '@xstate/react'
import { useEffect, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import {
  type CloseLoanFields,
  closeLoanMachine,
  selectWrittenLoan,
} from '../../../../machines/loans/index.ts'
import type { Loan } from '../../../../schemas/loans.ts'
import type { Minor } from '../../../../schemas/money.ts'
import { FormDialog } from '../../../components/dialog/FormDialog.tsx'
import { asFormRef, useLoanForm } from './useLoanForm.ts'

/** "Zamknij kredyt": by hand (repaid early, sold, refinanced); the loan and its history stay, read-only. */
export function CloseLoanDialog({
  budgetId,
  loan,
  owed,
  onClosed,
}: {
  readonly budgetId: string
  readonly loan: Loan
  /** What the schedule says is still owed, said before closing (closing repays nothing). */
  readonly owed: { readonly amount: Minor; readonly text: string }
  readonly onClosed: () => void
}) {
  const { t } = useTranslation()
  const props = useMemo(() => ({ loan }), [loan])
  const actor = useLoanForm(closeLoanMachine, budgetId, props)
  const form = asFormRef<CloseLoanFields>(actor)
  const written = useSelector(actor, selectWrittenLoan)
  useEffect(() => {
    if (written !== null) onClosed()
  }, [written, onClosed])
  return (
    <FormDialog
      actor={form}
      title={t('loans.close.title')}
      submitLabel={t('loans.close.submit')}
      onClosed={onClosed}
      destructive
    >
      <p className="loans-form__intro">{t('loans.close.intro', { name: loan.name })}</p>
      {owed.amount > 0 ? (
        <p className="notice loans-form__intro">
          {t('loans.close.owed', { amount: owed.text, interpolation: { escapeValue: false } })}
        </p>
      ) : null}
    </FormDialog>
  )
}

import { useSelector } from '@xstate/react'
import { useEffect, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { dateText, selectFields } from '../../../../machines/dialogs/shared/index.ts'
import {
  type LoanPaymentFields,
  type LoanPaymentProps,
  loanPaymentMachine,
  type ScheduleLine,
  selectWrittenLoan,
} from '../../../../machines/loans/index.ts'
import { selectAccountsOverview } from '../../../../machines/openBudget/selectors/accounts.ts'
import type { Loan } from '../../../../schemas/loans.ts'
import type { IsoDate } from '../../../../schemas/money.ts'
import {
  DialogDateField,
  DialogSelectField,
  DialogTextField,
  FormDialog,
} from '../../../components/dialog/FormDialog.tsx'
import { useBudget } from '../../../openBudget/OpenBudget.tsx'
import { useLoanFormats } from '../format.ts'
import { asFormRef, useLoanForm } from './useLoanForm.ts'

/** "Zapłać ratę": an installment as scheduled, from a budget account (its interest counts as spending). */
export function LoanPaymentDialog({
  budgetId,
  loan,
  lines,
  next,
  today,
  onClosed,
}: {
  readonly budgetId: string
  readonly loan: Loan
  readonly lines: ReadonlyArray<ScheduleLine>
  /** The next unpaid installment. */
  readonly next: ScheduleLine | null
  /** Paid today unless its day has not come: a payment made early is dated when it leaves the account. */
  readonly today: IsoDate
  readonly onClosed: () => void
}) {
  const { t } = useTranslation()
  const formats = useLoanFormats()
  // Budget accounts only: the loan's own tracking account is where the money goes, and no tracking (off-budget)
  // account pays an installment.
  const accounts = useBudget(selectAccountsOverview).open.filter(
    ({ account }) => account.id !== loan.bankAccountId && !account.offBudget,
  )
  const only = accounts.length === 1 ? (accounts[0]?.account.id ?? '') : ''
  const props = useMemo(
    (): LoanPaymentProps => ({
      loan,
      installment: next?.number ?? 1,
      lastInstallment: lines.length,
      dateText:
        next === null
          ? ''
          : dateText(next.date > today ? today : next.date, {
              currency: formats.currency,
              locale: formats.locale,
            }),
      bankAccountId: only,
    }),
    [loan, next, lines.length, formats, only, today],
  )
  const actor = useLoanForm(loanPaymentMachine, budgetId, props)
  const form = asFormRef<LoanPaymentFields>(actor)
  const fields = useSelector(actor, selectFields<LoanPaymentFields>)
  const written = useSelector(actor, selectWrittenLoan)
  useEffect(() => {
    if (written !== null) onClosed()
  }, [written, onClosed])
  const chosen = lines[Number(fields.installment) - 1]
  return (
    <FormDialog
      actor={form}
      title={t('loans.payment.title')}
      submitLabel={t('loans.payment.submit')}
      onClosed={onClosed}
    >
      <p className="loans-form__intro">{t('loans.payment.intro')}</p>
      <DialogTextField
        actor={form}
        field="installment"
        label={t('loans.activity.installment.of')}
        description={
          chosen === undefined
            ? t('loans.activity.installmentRange', { last: lines.length })
            : t('loans.payment.split', {
                payment: formats.money(chosen.payment),
                principal: formats.money(chosen.principal),
                interest: formats.money(chosen.interest),
              })
        }
        inputMode="decimal"
        autoFocus
      />
      <DialogSelectField
        actor={form}
        field="fromBankAccountId"
        label={t('loans.payment.from')}
        choices={accounts.map(({ account }) => ({ id: account.id, label: account.name }))}
      />
      <DialogDateField actor={form} field="date" label={t('loans.payment.date')} />
    </FormDialog>
  )
}

import { useSelector } from '@xstate/react'
import { useEffect, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import {
  dateText,
  fieldChange,
  selectFieldError,
  selectFields,
} from '../../../../machines/dialogs/shared/index.ts'
import {
  ACTIVITY_FIELDS,
  INSTALLMENT_ROLE,
  type LoanActivityFields,
  type LoanActivityProps,
  loanActivityMachine,
  type ScheduleLine,
  selectWhatIf,
  selectWrittenLoan,
  type WhatIf,
} from '../../../../machines/loans/index.ts'
import { selectAccountsOverview } from '../../../../machines/openBudget/selectors/accounts.ts'
import type { Loan, LoanActivityType } from '../../../../schemas/loans.ts'
import {
  type Choice,
  ChoiceSelect,
  DialogDateField,
  DialogSelectField,
  DialogTextField,
  FormDialog,
} from '../../../components/dialog/FormDialog.tsx'
import { useBudget } from '../../../openBudget/OpenBudget.tsx'
import { todayIso } from '../../accounts/shared.tsx'
import { type LoanFormats, useLoanFormats } from '../format.ts'
import { asFormRef, useLoanForm } from './useLoanForm.ts'

/** The account select's choice for an overpayment recorded alone (the money moved outside the budget's view). */
const NOT_PAID_HERE = 'none'

/** One activity on a loan, of the type chosen in the loan's menu; an overpayment shows its "what if" first. */
export function LoanActivityDialog({
  budgetId,
  loan,
  type,
  lines,
  installment,
  onClosed,
}: {
  readonly budgetId: string
  readonly loan: Loan
  readonly type: LoanActivityType
  readonly lines: ReadonlyArray<ScheduleLine>
  readonly installment: number
  readonly onClosed: () => void
}) {
  const { t } = useTranslation()
  const formats = useLoanFormats()
  const props = useMemo(
    (): LoanActivityProps => ({
      loan,
      type,
      installment,
      lastInstallment: lines.length,
      todayText: dateText(todayIso(), { currency: formats.currency, locale: formats.locale }),
    }),
    [loan, type, installment, lines.length, formats],
  )
  const actor = useLoanForm(loanActivityMachine, budgetId, props)
  const form = asFormRef<LoanActivityFields>(actor)
  const fields = useSelector(actor, selectFields<LoanActivityFields>)
  const whatIf = useSelector(actor, selectWhatIf)
  const fromError = useSelector(actor, (snapshot) => selectFieldError(snapshot, 'fromBankAccountId'))
  const change = fieldChange<LoanActivityFields>()
  const written = useSelector(actor, selectWrittenLoan)
  useEffect(() => {
    if (written !== null) onClosed()
  }, [written, onClosed])
  const chosen = lines[Number(fields.installment) - 1]
  const installmentHint =
    chosen === undefined
      ? t('loans.activity.installmentRange', { last: lines.length })
      : t('loans.activity.installmentIs', {
          date: formats.date(chosen.date),
          payment: formats.money(chosen.payment),
        })
  const paymentTypes: ReadonlyArray<Choice> = [
    { id: 'Constant', label: t('loans.paymentType.Constant') },
    { id: 'Decreasing', label: t('loans.paymentType.Decreasing') },
  ]
  const modes: ReadonlyArray<Choice> = [
    { id: 'ShortenTerm', label: t('loans.mode.ShortenTerm'), description: t('loans.mode.ShortenTermHint') },
    {
      id: 'LowerInstallment',
      label: t('loans.mode.LowerInstallment'),
      description: t('loans.mode.LowerInstallmentHint'),
    },
  ]
  // Budget accounts an overpayment may be paid from (not the loan's own, nor any tracking account).
  const accounts = useBudget(selectAccountsOverview).open.filter(
    ({ account }) => account.id !== loan.bankAccountId && !account.offBudget,
  )
  const accountChoices: ReadonlyArray<Choice> = [
    { id: NOT_PAID_HERE, label: t('loans.activity.notPaidHere') },
    ...accounts.map(({ account }) => ({ id: account.id, label: account.name })),
  ]
  const paidFrom = fields.fromBankAccountId !== ''
  const shown: ReadonlyArray<keyof LoanActivityFields> = ACTIVITY_FIELDS[type].filter(
    (field) => field !== 'date' || paidFrom,
  )
  const control = (field: keyof LoanActivityFields) => {
    switch (field) {
      case 'installment':
        return (
          <DialogTextField
            key={field}
            actor={form}
            field="installment"
            label={t(`loans.activity.installment.${INSTALLMENT_ROLE[type]}`)}
            description={installmentHint}
            inputMode="decimal"
            autoFocus
          />
        )
      case 'value':
        return (
          <DialogTextField
            key={field}
            actor={form}
            field="value"
            label={t(`loans.activity.value.${type === 'PrincipalChange' ? 'overpayment' : type}`)}
            inputMode="decimal"
          />
        )
      case 'annualRate':
        return (
          <DialogTextField
            key={field}
            actor={form}
            field="annualRate"
            label={t('loans.activity.newRate')}
            description={t('loans.field.annualRateHint')}
            inputMode="decimal"
          />
        )
      case 'balance':
        return (
          <DialogTextField
            key={field}
            actor={form}
            field="balance"
            label={t('loans.activity.balance')}
            inputMode="decimal"
          />
        )
      case 'targetDate':
        return (
          <DialogDateField
            key={field}
            actor={form}
            field="targetDate"
            label={t('loans.activity.targetDate')}
          />
        )
      case 'paymentType':
        return (
          <DialogSelectField
            key={field}
            actor={form}
            field="paymentType"
            label={t('loans.field.paymentType')}
            choices={paymentTypes}
          />
        )
      case 'paymentDay':
        return (
          <DialogTextField
            key={field}
            actor={form}
            field="paymentDay"
            label={t('loans.activity.paymentDay')}
            inputMode="decimal"
          />
        )
      case 'count':
        return (
          <DialogTextField
            key={field}
            actor={form}
            field="count"
            label={t('loans.activity.count')}
            inputMode="decimal"
          />
        )
      case 'fromBankAccountId':
        return (
          <ChoiceSelect
            key={field}
            label={t('loans.activity.paidFrom')}
            value={fields.fromBankAccountId === '' ? NOT_PAID_HERE : fields.fromBankAccountId}
            choices={accountChoices}
            error={fromError === undefined ? '' : t(fromError.key, fromError.params ?? {})}
            onChange={(id) => actor.send(change('fromBankAccountId', id === NOT_PAID_HERE ? '' : id))}
          />
        )
      case 'date':
        return <DialogDateField key={field} actor={form} field="date" label={t('loans.payment.date')} />
      case 'mode':
        return (
          <DialogSelectField
            key={field}
            actor={form}
            field="mode"
            label={t('loans.activity.mode')}
            choices={modes}
          />
        )
    }
  }
  return (
    <FormDialog
      actor={form}
      title={t(`loans.activity.${type}.title`)}
      submitLabel={t('loans.activity.submit')}
      onClosed={onClosed}
    >
      <p className="loans-form__intro">{t(`loans.activity.${type}.intro`)}</p>
      {shown.map(control)}
      {type === 'PrincipalChange' ? <WhatIfPanel whatIf={whatIf} formats={formats} /> : null}
    </FormDialog>
  )
}

/** What the overpayment would save, worked out in the browser as the person types (before anything is recorded). */
function WhatIfPanel({ whatIf, formats }: { readonly whatIf: WhatIf | null; readonly formats: LoanFormats }) {
  const { t } = useTranslation()
  return (
    <section className="loans-whatif" aria-labelledby="loans-whatif-title" aria-live="polite">
      <h3 id="loans-whatif-title" className="loans-whatif__title">
        {t('loans.whatIf.title')}
      </h3>
      {whatIf === null ? (
        <p className="loans-whatif__hint">{t('loans.whatIf.hint')}</p>
      ) : !whatIf.ok ? (
        <p className="loans-whatif__hint">{t(`budget.errors.${whatIf.code}`)}</p>
      ) : (
        <dl className="loans-whatif__figures">
          <div>
            <dt>{t('loans.whatIf.interestSaved')}</dt>
            <dd>{formats.money(whatIf.effect.interestSaved)}</dd>
          </div>
          {/* A lower installment keeps the end date: "0 rat mniej" says nothing there. */}
          {whatIf.effect.endAfter === whatIf.effect.endBefore &&
          whatIf.effect.installmentsSaved === 0 ? null : (
            <div>
              <dt>{t('loans.whatIf.installmentsSaved')}</dt>
              <dd>{t('loans.whatIf.installments', { count: whatIf.effect.installmentsSaved })}</dd>
            </div>
          )}
          <div>
            <dt>{t('loans.whatIf.installment')}</dt>
            <dd>
              {t('loans.whatIf.beforeAfter', {
                before: formats.money(whatIf.effect.installmentBefore),
                after: formats.money(whatIf.effect.installmentAfter),
              })}
            </dd>
          </div>
          <div>
            <dt>{t('loans.whatIf.end')}</dt>
            <dd>
              {t('loans.whatIf.beforeAfter', {
                before: formats.date(whatIf.effect.endBefore),
                after: formats.date(whatIf.effect.endAfter),
              })}
            </dd>
          </div>
        </dl>
      )}
    </section>
  )
}

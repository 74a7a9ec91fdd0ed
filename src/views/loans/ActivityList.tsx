import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import { recordedOverpaymentEffect } from '../../../machines/loans/index.ts'
import type { Loan, LoanActivity } from '../../../schemas/loans.ts'
import type { LoanFormats } from './format.ts'

/** One recorded activity in words ("Nadpłata 20 000,00 zł po racie nr 12, krótszy okres"). */
export const activityText = (activity: LoanActivity, t: TFunction, formats: LoanFormats): string => {
  switch (activity.type) {
    case 'Payment':
    case 'InterestPaid':
      return t(`loans.activities.${activity.type}`, {
        installment: activity.installment,
        value: formats.money(activity.value),
      })
    case 'InterestRateChange':
      return t('loans.activities.InterestRateChange', {
        installment: activity.fromInstallment,
        rate: formats.rate(activity.annualRate),
      })
    case 'Reconcile':
      return t('loans.activities.Reconcile', {
        installment: activity.afterInstallment,
        balance: formats.money(activity.balance),
      })
    case 'TargetDateChange':
      return t('loans.activities.TargetDateChange', {
        installment: activity.fromInstallment,
        date: formats.date(activity.targetDate),
      })
    case 'PaymentTypeChange':
      return t('loans.activities.PaymentTypeChange', {
        installment: activity.fromInstallment,
        paymentType: t(`loans.paymentType.${activity.paymentType}`),
      })
    case 'PrincipalChange':
      return t('loans.activities.PrincipalChange', {
        installment: activity.afterInstallment,
        value: formats.money(activity.value),
        mode: t(`loans.mode.${activity.mode}`),
      })
    case 'PaymentDayChange':
      return t('loans.activities.PaymentDayChange', {
        installment: activity.fromInstallment,
        day: activity.paymentDay,
      })
    case 'SkipPayments':
      return t('loans.activities.SkipPayments', {
        installment: activity.fromInstallment,
        count: activity.count,
      })
    case 'SkippedPayment':
      return t('loans.activities.SkippedPayment', { installment: activity.installment })
  }
}

/** The loan's activities in the order recorded, each in words; an overpayment says what it saved. */
export function ActivityList({ loan, formats }: { readonly loan: Loan; readonly formats: LoanFormats }) {
  const { t } = useTranslation()
  if (loan.activities.length === 0) return <p className="loans__muted">{t('loans.activities.none')}</p>
  return (
    <ol className="loans-activities">
      {loan.activities.map((activity, index) => {
        const effect = activity.type === 'PrincipalChange' ? recordedOverpaymentEffect(loan, index) : null
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: activities are only ever appended; the index is their identity.
          <li key={index} className="loans-activities__item">
            <span>{activityText(activity, t, formats)}</span>
            {effect === null ? null : (
              <span className="loans__muted">
                {t('loans.activities.saved', {
                  interest: formats.money(effect.interestSaved),
                  count: effect.installmentsSaved,
                })}
              </span>
            )}
          </li>
        )
      })}
    </ol>
  )
}

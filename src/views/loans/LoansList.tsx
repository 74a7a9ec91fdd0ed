import { Button, Link } from 'react-aria-components'
import { useTranslation } from 'react-i18next'
import { loanSummary, scheduleOfLoan } from '../../../machines/loans/index.ts'
import { selectOwedByAccount, selectTrackedSince } from '../../../machines/openBudget/selectors/loans.ts'
import type { Loan } from '../../../schemas/loans.ts'
import { useBudget } from '../../openBudget/OpenBudget.tsx'
import { paths } from '../../router/paths.ts'
import type { LoanFormats } from './format.ts'

/** Active loans first, closed ones after; each group in the order created. */
const activeFirst = (a: Loan, b: Loan) => (a.state === b.state ? 0 : a.state === 'Active' ? -1 : 1)

/** `/budget/$budgetId/loans`: every loan with what is owed, the next installment, its rate and state. */
export function LoansList({
  budgetId,
  loans,
  formats,
  canEdit,
  onNewLoan,
}: {
  readonly budgetId: string
  readonly loans: ReadonlyArray<Loan>
  readonly formats: LoanFormats
  readonly canEdit: boolean
  readonly onNewLoan: () => void
}) {
  const { t } = useTranslation()
  const newLoan = canEdit ? (
    <Button className="button button--primary" onPress={onNewLoan}>
      {t('loans.new.open')}
    </Button>
  ) : null
  if (loans.length === 0)
    return (
      <div className="loans__empty">
        <h2 className="loans__heading">{t('loans.empty.title')}</h2>
        <p>{t('loans.empty.text')}</p>
        {newLoan}
      </div>
    )
  return (
    <>
      <div className="loans__toolbar">
        <h2 className="loans__heading">{t('loans.list.title')}</h2>
        {newLoan}
      </div>
      <ul className="loans__list">
        {[...loans].sort(activeFirst).map((loan) => (
          <LoanCard key={loan.id} budgetId={budgetId} loan={loan} formats={formats} />
        ))}
      </ul>
    </>
  )
}

function LoanCard({
  budgetId,
  loan,
  formats,
}: {
  readonly budgetId: string
  readonly loan: Loan
  readonly formats: LoanFormats
}) {
  const { t } = useTranslation()
  const outcome = scheduleOfLoan(loan)
  const since = useBudget((snapshot) => selectTrackedSince(snapshot, loan))
  const owed = useBudget((snapshot) => selectOwedByAccount(snapshot, loan))
  const summary = outcome.ok ? loanSummary(loan, outcome.schedule, since, owed) : null
  return (
    <li className="loans-card">
      <div className="loans-card__head">
        <Link className="loans-card__name" href={paths.loans(budgetId, loan.id)}>
          {loan.name}
        </Link>
        <span className={`loans__state loans__state--${loan.state}`}>{t(`loans.state.${loan.state}`)}</span>
      </div>
      {summary === null ? null : (
        <dl className="loans-card__figures">
          <div>
            <dt>{t('loans.summary.outstanding')}</dt>
            <dd>{formats.money(summary.outstanding)}</dd>
          </div>
          <div>
            <dt>{t('loans.summary.next')}</dt>
            <dd>
              {summary.next === null || loan.state === 'Closed'
                ? t('loans.summary.noNext')
                : t('loans.summary.nextText', {
                    date: formats.date(summary.next.date),
                    payment: formats.money(summary.next.payment),
                  })}
            </dd>
          </div>
          <div>
            <dt>{t('loans.summary.rate')}</dt>
            <dd>{formats.rate(summary.rate)}</dd>
          </div>
        </dl>
      )}
    </li>
  )
}

import '../../components/dialog/form.css'
import './loans.css'
import './texts.ts'
import { useNavigate, useParams, useSearch } from '@tanstack/react-router'
import { useCallback, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { loanSummary, nextUnpaidRow, scheduleLines, scheduleOfLoan } from '../../../machines/loans/index.ts'
import { selectLoadState } from '../../../machines/openBudget/index.ts'
import {
  selectLoan,
  selectLoans,
  selectOwedByAccount,
  selectTrackedSince,
} from '../../../machines/openBudget/selectors/loans.ts'
import type { Loan } from '../../../schemas/loans.ts'
import type { IsoDate } from '../../../schemas/money.ts'
import { OpenBudget, useBudget, usePermissions } from '../../openBudget/OpenBudget.tsx'
import type { LoansSearch } from '../../router/loansSearch.ts'
import { paths } from '../../router/paths.ts'
import { todayIso } from '../accounts/shared.tsx'
import { CloseLoanDialog } from './dialogs/CloseLoanDialog.tsx'
import { LoanActivityDialog } from './dialogs/LoanActivityDialog.tsx'
import { LoanPaymentDialog } from './dialogs/LoanPaymentDialog.tsx'
import { NewLoanDialog } from './dialogs/NewLoanDialog.tsx'
import { useLoanFormats } from './format.ts'
import { LoanPage } from './LoanPage.tsx'
import { LoansList } from './LoansList.tsx'

/** `/budget/$budgetId/loans/{-$loanId}` on both trees: the loans list, or one loan's page; dialogs by `?dialog=…`. */
export function LoansView() {
  const { budgetId = '', loanId }: { budgetId?: string; loanId?: string } = useParams({ strict: false })
  return (
    <OpenBudget budgetId={budgetId}>
      <LoansScreen key={budgetId} budgetId={budgetId} loanId={loanId} />
    </OpenBudget>
  )
}

/** The search without a dialog (undefined drops the parameters from the address). */
const NO_DIALOG = { dialog: undefined, activity: undefined }

function LoansScreen({
  budgetId,
  loanId,
}: {
  readonly budgetId: string
  readonly loanId: string | undefined
}) {
  const { t } = useTranslation()
  const loadState = useBudget(selectLoadState)
  const loans = useBudget(selectLoans)
  const loan = useBudget((snapshot) => (loanId === undefined ? null : selectLoan(snapshot, loanId)))
  const { canEdit } = usePermissions()
  const formats = useLoanFormats()
  const search: LoansSearch = useSearch({ strict: false })
  const navigate = useNavigate()
  const today = useMemo(() => todayIso(), [])
  // A dialog's address goes into the history: Back closes it, reload keeps it, a link opens it.
  const open = useCallback(
    (dialog: LoansSearch) => void navigate({ to: '.', search: (previous) => ({ ...previous, ...dialog }) }),
    [navigate],
  )
  const close = useCallback(
    () => void navigate({ to: '.', search: (previous) => ({ ...previous, ...NO_DIALOG }), replace: true }),
    [navigate],
  )
  const created = useCallback(
    (created: Loan) => void navigate({ href: paths.loans(budgetId, created.id), replace: true }),
    [navigate, budgetId],
  )
  return (
    <section className="loans" aria-label={t('loans.title')}>
      {loadState === 'loading' ? (
        <p className="loans__state" role="status">
          {t('loans.loading')}
        </p>
      ) : loadState === 'error' ? (
        <p className="notice notice--error loans__state" role="alert">
          {t('loans.failed')}
        </p>
      ) : loanId === undefined ? (
        <LoansList
          budgetId={budgetId}
          loans={loans}
          formats={formats}
          canEdit={canEdit}
          onNewLoan={() => open({ dialog: 'newLoan' })}
        />
      ) : loan === null ? (
        <p className="loans__state" role="status">
          {t('loans.notFound')}
        </p>
      ) : (
        <LoanPage budgetId={budgetId} loan={loan} formats={formats} canEdit={canEdit} onOpen={open} />
      )}
      {loadState === 'ready' && canEdit ? (
        <LoanDialog
          budgetId={budgetId}
          loan={loan}
          search={search}
          today={today}
          onClose={close}
          onCreated={created}
        />
      ) : null}
    </section>
  )
}

/** The dialog the address names, over the list or the loan's page. */
function LoanDialog({
  budgetId,
  loan,
  search,
  today,
  onClose,
  onCreated,
}: {
  readonly budgetId: string
  readonly loan: Loan | null
  readonly search: LoansSearch
  readonly today: IsoDate
  readonly onClose: () => void
  readonly onCreated: (loan: Loan) => void
}) {
  const since = useBudget((snapshot) => (loan === null ? null : selectTrackedSince(snapshot, loan)))
  const owedByAccount = useBudget((snapshot) => (loan === null ? null : selectOwedByAccount(snapshot, loan)))
  const formats = useLoanFormats()
  if (search.dialog === 'newLoan')
    return <NewLoanDialog budgetId={budgetId} onClosed={onClose} onCreated={onCreated} />
  if (loan === null || loan.state === 'Closed' || search.dialog === undefined) return null
  const outcome = scheduleOfLoan(loan)
  if (!outcome.ok) return null
  const lines = scheduleLines(outcome.schedule)
  switch (search.dialog) {
    case 'activity': {
      if (search.activity === undefined) return null
      // A change starts at the next installment to pay (never one already paid: the server refuses that); an
      // overpayment or a reconciliation comes right after the one before it.
      const next = nextUnpaidRow(loan, outcome.schedule, since)
      const after = search.activity === 'PrincipalChange' || search.activity === 'Reconcile'
      const installment =
        next === null ? Math.max(1, lines.length) : after ? Math.max(1, next.number - 1) : next.number
      return (
        <LoanActivityDialog
          key={search.activity}
          budgetId={budgetId}
          loan={loan}
          type={search.activity}
          lines={lines}
          installment={installment}
          onClosed={onClose}
        />
      )
    }
    case 'payment': {
      const next = nextUnpaidRow(loan, outcome.schedule, since)
      const line = next === null ? null : (lines[next.number - 1] ?? null)
      return (
        <LoanPaymentDialog
          budgetId={budgetId}
          loan={loan}
          lines={lines}
          next={line}
          today={today}
          onClosed={onClose}
        />
      )
    }
    case 'close': {
      const owed = loanSummary(loan, outcome.schedule, since, owedByAccount).outstanding
      return (
        <CloseLoanDialog
          budgetId={budgetId}
          loan={loan}
          owed={{ amount: owed, text: formats.money(owed) }}
          onClosed={onClose}
        />
      )
    }
  }
}

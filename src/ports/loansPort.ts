import type { LoansPort, LoanWrite } from '../../machines/loans/index.ts'
import { problemCodeOf } from '../../machines/toasts/toasts.errors.ts'
import { Loan } from '../../schemas/loans.ts'
import { apiErrorOf } from '../api/client.ts'
import type { LoadApi } from '../api/loadApi.ts'

const base = (budgetId: string) => `/api/budget/${encodeURIComponent(budgetId)}/loans`

/** Where each write goes (issue 32 §3 and the loan contract's new endpoints) and what it carries. */
const requestOf = (budgetId: string, write: LoanWrite): { readonly path: string; readonly body: unknown } => {
  switch (write.kind) {
    case 'create':
      return { path: base(budgetId), body: write.body }
    case 'activity':
      return {
        path: `${base(budgetId)}/${encodeURIComponent(write.loanId)}/activities`,
        body: write.activity,
      }
    case 'payment':
      return { path: `${base(budgetId)}/${encodeURIComponent(write.loanId)}/payments`, body: write.body }
    case 'overpayment':
      return { path: `${base(budgetId)}/${encodeURIComponent(write.loanId)}/overpayments`, body: write.body }
    case 'close':
      return { path: `${base(budgetId)}/${encodeURIComponent(write.loanId)}/close`, body: {} }
  }
}

/** The loan screens' writes over the app's HTTP client; a refusal or failure comes back as a value. */
export const createLoansPort = (loadApi: LoadApi): LoansPort => ({
  async write(budgetId, write, signal) {
    const { path, body } = requestOf(budgetId, write)
    try {
      const loan = await (await loadApi()).postJson(path, body, Loan, { signal })
      return { ok: true, loan }
    } catch (error) {
      const problem = apiErrorOf(error)
      return { ok: false, status: problem.status ?? null, code: problemCodeOf(problem) ?? null }
    }
  },
})

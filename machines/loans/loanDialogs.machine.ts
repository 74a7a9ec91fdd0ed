import {
  buildCloseLoan,
  buildLoanActivity,
  buildLoanPayment,
  buildNewLoan,
  checkCloseLoan,
  checkLoanActivity,
  checkLoanPayment,
  checkNewLoan,
  closeLoanFields,
  loanActivityFieldOf,
  loanActivityFields,
  loanPaymentFieldOf,
  loanPaymentFields,
  newLoanFieldOf,
  newLoanFields,
} from './loan.forms.ts'
import { createLoanFormMachine } from './loanForm.machine.ts'

// The loan dialogs, each a form on the shared loan chart (loanForm.machine.ts).

/** "Nowy kredyt": the terms, and the loan's own account and category or existing ones. */
export const newLoanMachine = createLoanFormMachine({
  id: 'newLoan',
  initialFields: newLoanFields,
  check: checkNewLoan,
  build: buildNewLoan,
  fieldOf: newLoanFieldOf,
})

/** One activity of the type the dialog was opened for (an overpayment, a rate change, credit holidays…). */
export const loanActivityMachine = createLoanFormMachine({
  id: 'loanActivity',
  initialFields: loanActivityFields,
  check: checkLoanActivity,
  build: buildLoanActivity,
  fieldOf: loanActivityFieldOf,
})

/** "Zapłać ratę": an installment as scheduled, from a budget account. */
export const loanPaymentMachine = createLoanFormMachine({
  id: 'loanPayment',
  initialFields: loanPaymentFields,
  check: checkLoanPayment,
  build: buildLoanPayment,
  fieldOf: loanPaymentFieldOf,
})

/** "Zamknij kredyt": closed by hand (repaid, sold, refinanced); its history stays. */
export const closeLoanMachine = createLoanFormMachine({
  id: 'closeLoan',
  initialFields: closeLoanFields,
  check: checkCloseLoan,
  build: buildCloseLoan,
  fieldOf: () => null,
})

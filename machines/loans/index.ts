export type {
  CloseLoanFields,
  InstallmentRole,
  LoanActivityFields,
  LoanActivityProps,
  LoanLink,
  LoanPaymentFields,
  LoanPaymentProps,
  NewLoanFields,
  NewLoanProps,
} from './loan.forms.ts'
export { ACTIVITY_FIELDS, checkRate, INSTALLMENT_ROLE, installmentsOf, MAX_ROWS } from './loan.forms.ts'
export {
  closeLoanMachine,
  loanActivityMachine,
  loanPaymentMachine,
  newLoanMachine,
} from './loanDialogs.machine.ts'
export type { LoanFormContext, LoanFormEvent, LoanFormInput, LoanFormSpec } from './loanForm.machine.ts'
export { createLoanFormMachine } from './loanForm.machine.ts'
export type {
  BalancePoint,
  LoanSummary,
  ScheduleLine,
  ScheduleOutcome,
  WhatIf,
} from './loans.figures.ts'
export {
  balancePoints,
  loanSummary,
  nextUnpaidRow,
  paidInstallments,
  recordedOverpaymentEffect,
  scheduleLines,
  scheduleOfLoan,
  whatIf,
} from './loans.figures.ts'
export type {
  InstallmentPaymentBody,
  LoansPort,
  LoanWrite,
  LoanWriteOutcome,
  NewLoanBody,
} from './loans.port.ts'
export { selectActivityType, selectWhatIf, selectWrittenLoan } from './loans.selectors.ts'

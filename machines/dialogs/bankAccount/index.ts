export type {
  AccountKind,
  BankAccountFields,
  BankAccountProps,
  BankAccountValue,
} from './bankAccount.form.ts'
export { accountKindOf, buildBankAccount, checkBankAccount } from './bankAccount.form.ts'
export type { BankAccountEvent } from './bankAccount.machine.ts'
export { openBankAccountMachine, renameBankAccountMachine } from './bankAccount.machine.ts'

import { createFormDialogMachine, type FormDialogEvent } from '../shared/formDialog.machine.ts'
import {
  type BankAccountFields,
  buildBankAccount,
  checkBankAccount,
  initialBankAccountFields,
} from './bankAccount.form.ts'

/** Adds an unconnected bank account: name, opening balance, opening date (props `mode: 'create'`). */
export const openBankAccountMachine = createFormDialogMachine({
  id: 'openBankAccount',
  initialFields: initialBankAccountFields,
  check: checkBankAccount,
  build: buildBankAccount,
})

/** Renames a bank account (props `mode: 'rename'`); the same name closes without sending anything. */
export const renameBankAccountMachine = createFormDialogMachine({
  id: 'renameBankAccount',
  initialFields: initialBankAccountFields,
  check: checkBankAccount,
  closesUnchanged: true,
  build: buildBankAccount,
})

export type BankAccountEvent = FormDialogEvent<BankAccountFields>

import { createFormDialogMachine, type FormDialogEvent } from '../shared/formDialog.machine.ts'
import { buildTransfer, checkTransfer, initialTransferFields, type TransferFields } from './transfer.form.ts'

/** Moves money between two accounts (mobile /transfer). */
export const transferMachine = createFormDialogMachine({
  id: 'transfer',
  initialFields: initialTransferFields,
  check: checkTransfer,
  build: buildTransfer,
})

export type TransferEvent = FormDialogEvent<TransferFields>

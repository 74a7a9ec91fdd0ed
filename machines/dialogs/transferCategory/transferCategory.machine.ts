import { createFormDialogMachine, type FormDialogEvent } from '../shared/formDialog.machine.ts'
import {
  buildTransferCategory,
  checkTransferCategory,
  initialTransferCategoryFields,
  type TransferCategoryFields,
} from './transferCategory.form.ts'

/** Changes a crossing transfer's category; the same category closes without sending anything. */
export const transferCategoryMachine = createFormDialogMachine({
  id: 'transferCategory',
  initialFields: initialTransferCategoryFields,
  check: checkTransferCategory,
  closesUnchanged: true,
  build: buildTransferCategory,
})

export type TransferCategoryEvent = FormDialogEvent<TransferCategoryFields>

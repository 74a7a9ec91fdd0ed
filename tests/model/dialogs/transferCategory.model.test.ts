import { transferCategoryMachine } from '../../../machines/dialogs/transferCategory/index.ts'
import { TransferId } from '../../../schemas/ids.ts'
import { groceriesOutflow, ids } from '../../unit/machines/budget.fakes.ts'
import { describeFormDialogModel } from './formDialogModel.ts'

// The budget side of a transfer across the budget's edge (into a loan's tracking account), carrying Groceries.
const side = {
  ...groceriesOutflow('tx-loan-payment', '2026-11-20', -150_000),
  transferId: TransferId.make('transfer-loan'),
}

// The category cleared (required), the same one (closes unchanged) and another one.
describeFormDialogModel(
  'transfer category (across the budget edge)',
  transferCategoryMachine,
  { transaction: side, categoryId: ids.groceries },
  [
    { type: 'form.change', field: 'categoryId', value: null },
    { type: 'form.change', field: 'categoryId', value: ids.groceries },
    { type: 'form.change', field: 'categoryId', value: ids.rent },
  ],
)

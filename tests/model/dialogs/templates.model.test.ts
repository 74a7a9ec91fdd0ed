import { transactionDraftMachine } from '../../../machines/dialogs/transactionDraft/index.ts'
import { transactionTemplateMachine } from '../../../machines/dialogs/transactionTemplate/index.ts'
import { TemplateId } from '../../../schemas/ids.ts'
import { IsoDate, Minor } from '../../../schemas/money.ts'
import type { TransactionTemplate } from '../../../schemas/templates.ts'
import { ids } from '../../unit/machines/budget.fakes.ts'
import { describeFormDialogModel } from './formDialogModel.ts'

// Issue 29: the recurring template's dialog and a draft's confirmation, walked as the other form dialogs are. Per
// dialog an invalid and a valid value for the fields that decide the flow (the graph stays small).

const rent: TransactionTemplate = {
  id: TemplateId.make('tpl-rent'),
  bankAccountId: ids.checking,
  toBankAccountId: null,
  payee: 'Czynsz',
  memo: '',
  value: Minor.make(-250_000),
  splits: [{ categoryId: ids.rent, value: Minor.make(-250_000) }],
  frequency: 'Monthly',
  interval: 1,
  startDate: IsoDate.make('2026-11-10'),
  endDate: null,
  occurrences: null,
  shift: 'After',
  amountMatch: 'Exact',
  skippedThrough: null,
}

// The edit form walks the whole chart (its unchanged submit closes without a command); the create form's commands
// are pinned in tests/unit/machines/dialogs/templates.test.ts.
describeFormDialogModel(
  'recurring template (edit)',
  transactionTemplateMachine,
  { mode: 'edit', template: rent },
  [
    { type: 'form.change', field: 'amount', value: '' },
    { type: 'form.change', field: 'amount', value: '2600' },
  ],
)

describeFormDialogModel(
  'draft confirm',
  transactionDraftMachine,
  { template: rent, date: IsoDate.make('2026-11-10') },
  [
    { type: 'form.change', field: 'amount', value: '' },
    { type: 'form.change', field: 'amount', value: '2450' },
  ],
)

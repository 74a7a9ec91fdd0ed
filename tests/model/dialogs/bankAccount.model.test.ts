import {
  openBankAccountMachine,
  renameBankAccountMachine,
} from '../../../machines/dialogs/bankAccount/index.ts'
import { IsoDate } from '../../../schemas/money.ts'
import { ids, pln } from '../../unit/machines/budget.fakes.ts'
import { describeFormDialogModel } from './formDialogModel.ts'

const TODAY = IsoDate.make('2026-11-21')

// Add: an invalid and a valid opening balance (negative: a credit card or a loan) decide the flow; the name is
// typed first, and the account may be made a tracking (off-budget) one.
describeFormDialogModel('bank account (add)', openBankAccountMachine, { mode: 'create', today: TODAY }, [
  { type: 'form.change', field: 'name', value: 'Karta kredytowa' },
  { type: 'form.change', field: 'kind', value: 'tracking' },
  { type: 'form.change', field: 'balance', value: 'x' },
  { type: 'form.change', field: 'balance', value: '-1 200,50' },
])

// Rename: an empty name, the same name (closes unchanged) and a new one.
describeFormDialogModel(
  'bank account (rename)',
  renameBankAccountMachine,
  {
    mode: 'rename',
    account: {
      id: ids.checking,
      name: 'Checking',
      type: 'unconnected',
      state: 'Active',
      openingBalance: pln(500_000),
      openingDate: IsoDate.make('2026-11-01'),
      lastReconciledAt: null,
      offBudget: false,
    },
  },
  [
    { type: 'form.change', field: 'name', value: '' },
    { type: 'form.change', field: 'name', value: 'Checking' },
    { type: 'form.change', field: 'name', value: 'Konto osobiste' },
  ],
)

import { assignMoneyMachine } from '../../../machines/dialogs/assignMoney/index.ts'
import { autoAssignMachine } from '../../../machines/dialogs/autoAssign/index.ts'
import { budgetEditMachine } from '../../../machines/dialogs/budgetEdit/index.ts'
import { categoryEditMachine } from '../../../machines/dialogs/categoryEdit/index.ts'
import { coverOverspendingMachine } from '../../../machines/dialogs/coverOverspending/index.ts'
import { deleteConfirmMachine } from '../../../machines/dialogs/deleteConfirm/index.ts'
import { groupEditMachine } from '../../../machines/dialogs/groupEdit/index.ts'
import { moveCategoryMachine } from '../../../machines/dialogs/moveCategory/index.ts'
import { moveMoneyMachine, READY_TO_ASSIGN } from '../../../machines/dialogs/moveMoney/index.ts'
import { reconcileMachine } from '../../../machines/dialogs/reconcile/index.ts'
import { targetMachine } from '../../../machines/dialogs/target/index.ts'
import { transferMachine } from '../../../machines/dialogs/transfer/index.ts'
import { CategoryGroupId } from '../../../schemas/ids.ts'
import { CurrencyCode, IsoDate } from '../../../schemas/money.ts'
import { ids, NOVEMBER, pln } from '../../unit/machines/budget.fakes.ts'
import { describeFormDialogModel } from './formDialogModel.ts'

const TODAY = IsoDate.make('2026-11-21')
const bills = CategoryGroupId.make('group-bills')
const balances = [{ categoryId: ids.groceries, available: pln(0) }]

// Per dialog: an invalid and a valid value for the fields that decide the flow (the graph stays small).

describeFormDialogModel(
  'assign money',
  assignMoneyMachine,
  { periodKey: NOVEMBER, categoryId: ids.groceries, assigned: pln(100) },
  [
    { type: 'form.change', field: 'amount', value: '' },
    { type: 'form.change', field: 'amount', value: '2' },
  ],
)

describeFormDialogModel('auto-assign', autoAssignMachine, { periodKey: NOVEMBER }, [
  { type: 'form.change', field: 'option', value: 'underfunded' },
])

describeFormDialogModel(
  'move money',
  moveMoneyMachine,
  { periodKey: NOVEMBER, from: READY_TO_ASSIGN, balances },
  [
    { type: 'form.change', field: 'to', value: ids.rent },
    { type: 'form.change', field: 'amount', value: '5' },
  ],
)

describeFormDialogModel(
  'cover overspending',
  coverOverspendingMachine,
  { periodKey: NOVEMBER, overspentCategoryId: ids.rent, balances },
  [
    { type: 'form.change', field: 'from', value: ids.groceries },
    { type: 'form.change', field: 'from', value: READY_TO_ASSIGN },
  ],
)

describeFormDialogModel(
  'move category',
  moveCategoryMachine,
  {
    categoryId: ids.rent,
    currentGroupId: ids.everyday,
    groups: [
      { id: ids.everyday, categoryIds: [ids.groceries, ids.rent] },
      { id: bills, categoryIds: [] },
    ],
  },
  [
    { type: 'form.change', field: 'groupId', value: null },
    { type: 'form.change', field: 'groupId', value: bills },
  ],
)

describeFormDialogModel('target', targetMachine, { categoryId: ids.groceries, target: null }, [
  { type: 'form.change', field: 'amount', value: '0' },
  { type: 'form.change', field: 'amount', value: '10' },
])

describeFormDialogModel('transfer', transferMachine, { fromBankAccountId: ids.checking, today: TODAY }, [
  { type: 'form.change', field: 'to', value: ids.savings },
  { type: 'form.change', field: 'amount', value: '5' },
])

describeFormDialogModel(
  'reconcile',
  reconcileMachine,
  { bankAccountId: ids.checking, clearedBalance: pln(500_000), today: TODAY },
  [
    { type: 'form.change', field: 'balance', value: 'x' },
    { type: 'form.change', field: 'balance', value: '10' },
  ],
)

describeFormDialogModel(
  'category edit',
  categoryEditMachine,
  {
    mode: 'edit',
    category: {
      id: ids.groceries,
      categoryGroupId: ids.everyday,
      name: 'Groceries',
      type: 'Expense',
      spendingClass: 'Food',
      origin: 'UserDefined',
      hidden: false,
      position: 0,
    },
  },
  [
    { type: 'form.change', field: 'name', value: '' },
    { type: 'form.change', field: 'name', value: 'Food' },
  ],
)

describeFormDialogModel(
  'group edit',
  groupEditMachine,
  { mode: 'edit', group: { id: ids.everyday, name: 'Everyday', hidden: false, position: 1 } },
  [
    { type: 'form.change', field: 'name', value: '' },
    { type: 'form.change', field: 'name', value: 'Bills' },
  ],
)

describeFormDialogModel(
  'budget edit',
  budgetEditMachine,
  { mode: 'edit', name: 'Dom', currency: CurrencyCode.make('PLN') },
  [
    { type: 'form.change', field: 'name', value: '' },
    { type: 'form.change', field: 'name', value: 'Dom 2' },
  ],
)

describeFormDialogModel('delete confirm', deleteConfirmMachine, { kind: 'category', categoryId: ids.rent }, [
  { type: 'form.change', field: 'moveToCategoryId', value: ids.groceries },
])

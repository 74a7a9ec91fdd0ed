import { describe, expect, it } from 'vitest'
import { createActor, waitFor } from 'xstate'
import { planWrite } from '../../../../machines/budgetList/budgets.write.ts'
import {
  budgetEditMachine,
  buildBudget,
  checkBudget,
  initialBudgetFields,
} from '../../../../machines/dialogs/budgetEdit/index.ts'
import { buildCategory, checkCategory } from '../../../../machines/dialogs/categoryEdit/index.ts'
import {
  buildDelete,
  checkDelete,
  deleteConfirmMachine,
} from '../../../../machines/dialogs/deleteConfirm/index.ts'
import { buildGroup, checkGroup } from '../../../../machines/dialogs/groupEdit/index.ts'
import { buildMoveCategory, checkMoveCategory } from '../../../../machines/dialogs/moveCategory/index.ts'
import {
  buildReconcile,
  checkReconcile,
  reconcileDifference,
  reconcileMachine,
  selectReconcileDifference,
} from '../../../../machines/dialogs/reconcile/index.ts'
import { selectRefusalKey } from '../../../../machines/dialogs/shared/index.ts'
import {
  buildTarget,
  checkTarget,
  initialTargetFields,
  targetMachine,
} from '../../../../machines/dialogs/target/index.ts'
import { buildTransfer, checkTransfer } from '../../../../machines/dialogs/transfer/index.ts'
import { selectBudget, selectGroups, selectMonthView } from '../../../../machines/openBudget/index.ts'
import type { Category, Target } from '../../../../schemas/budget.ts'
import { CategoryGroupId, CategoryId, FilterId, TargetId } from '../../../../schemas/ids.ts'
import { CurrencyCode, IsoDate } from '../../../../schemas/money.ts'
import { createFakeLedger, ids, NOVEMBER, pln, startBudget } from '../budget.fakes.ts'
import { PL, sequentialIds, startAnalyticsRecorder } from './dialog.fakes.ts'

const TODAY = IsoDate.make('2026-11-21')

describe('target', () => {
  const props = { categoryId: ids.groceries, target: null }

  it('a monthly target of 800,00 zł', () => {
    const checked = checkTarget(
      { type: 'NeededForSpendingMonthly', amount: '800', dueDate: '', cadenceMonths: '' },
      props,
      PL,
    )
    expect(checked.ok && buildTarget(checked.value, props, sequentialIds())).toEqual([
      {
        _tag: 'SetTarget',
        targetId: 'id-1',
        categoryId: ids.groceries,
        type: 'NeededForSpendingMonthly',
        amount: 80_000,
      },
    ])
  })

  it('a by-date target needs its date; a repeating one its cadence of 1–120 months', () => {
    expect(
      checkTarget(
        { type: 'NeededForSpendingByDate', amount: '1200', dueDate: '', cadenceMonths: '' },
        props,
        PL,
      ),
    ).toEqual({
      ok: false,
      errors: { dueDate: { key: 'validation.required' } },
    })
    expect(
      checkTarget({ type: 'SavingsBuilder', amount: '0', dueDate: '', cadenceMonths: '0' }, props, PL),
    ).toEqual({
      ok: false,
      errors: {
        amount: { key: 'validation.min', params: { min: '0,01' } },
        cadenceMonths: { key: 'validation.cadenceMonths', params: { min: 1, max: 120 } },
      },
    })
    const checked = checkTarget(
      { type: 'NeededForSpendingByDate', amount: '1 200,00', dueDate: '2027-06-30', cadenceMonths: '12' },
      props,
      PL,
    )
    expect(checked.ok && buildTarget(checked.value, props, sequentialIds())).toEqual([
      {
        _tag: 'SetTarget',
        targetId: 'id-1',
        categoryId: ids.groceries,
        type: 'NeededForSpendingByDate',
        amount: 120_000,
        dueDate: '2027-06-30',
        cadenceMonths: 12,
      },
    ])
  })

  it('editing keeps the target id and starts from its values', async () => {
    const target: Target = {
      id: TargetId.make('target-7'),
      categoryId: ids.groceries,
      type: 'SavingsBuilder',
      amount: pln(500_000),
      dueDate: IsoDate.make('2027-12-31'),
      cadenceMonths: null,
    }
    expect(initialTargetFields({ categoryId: ids.groceries, target }, PL)).toEqual({
      type: 'SavingsBuilder',
      amount: '5000,00',
      dueDate: '31.12.2027',
      cadenceMonths: '',
    })
    const ledger = createFakeLedger()
    const { budget } = startBudget(ledger)
    await waitFor(budget, (s) => s.matches('ready'))
    const analytics = startAnalyticsRecorder()
    const dialog = createActor(targetMachine, {
      input: {
        ...PL,
        budget,
        analytics: analytics.actor,
        newId: sequentialIds(),
        props: { categoryId: ids.groceries, target },
      },
    }).start()
    dialog.send({ type: 'dialog.submit' })
    await waitFor(dialog, (s) => s.status === 'done')
    expect(budget.getSnapshot().context.state.targets.get(ids.groceries)?.id).toBe('target-7')
    const groceries = selectMonthView(budget.getSnapshot(), NOVEMBER).categories.find(
      (row) => row.id === ids.groceries,
    )
    expect(groceries?.target?.type).toBe('SavingsBuilder')
    expect(analytics.tracked).toEqual([
      { type: 'analytics.track', name: 'target_set', props: { type: 'SavingsBuilder' } },
    ])
  })
})

describe('transfer', () => {
  it('moves 250,00 zł between two different accounts with three fresh ids', () => {
    const fields = {
      from: ids.checking,
      to: ids.savings,
      date: '2026-11-21',
      amount: '250',
      memo: ' rent ',
      categoryId: null,
    }
    const checked = checkTransfer(fields, { today: TODAY }, PL)
    expect(checked.ok && buildTransfer(checked.value, { today: TODAY }, sequentialIds())).toEqual([
      {
        _tag: 'AddTransfer',
        transferId: 'id-1',
        outflowTransactionId: 'id-2',
        inflowTransactionId: 'id-3',
        fromBankAccountId: ids.checking,
        toBankAccountId: ids.savings,
        date: '2026-11-21',
        value: 25_000,
        memo: 'rent',
      },
    ])
    expect(checkTransfer({ ...fields, to: ids.checking, amount: '-5' }, { today: TODAY }, PL)).toEqual({
      ok: false,
      errors: {
        to: { key: 'validation.sameAccount' },
        amount: { key: 'validation.min', params: { min: '0,01' } },
      },
    })
  })
})

describe('reconcile', () => {
  const props = { bankAccountId: ids.checking, clearedBalance: pln(500_000), today: TODAY }

  it('states the bank balance; the difference is the adjustment', () => {
    const fields = { balance: '4 990,10', date: '2026-11-21', adjustmentCategoryId: ids.groceries }
    expect(reconcileDifference(fields, props, PL)).toBe(-990)
    const checked = checkReconcile(fields, props, PL)
    expect(checked.ok && buildReconcile(checked.value, props, sequentialIds())).toEqual([
      {
        _tag: 'ReconcileAccount',
        bankAccountId: ids.checking,
        date: '2026-11-21',
        balance: 499_010,
        adjustmentTransactionId: 'id-1',
        adjustmentCategoryId: ids.groceries,
      },
    ])
  })

  it('reconciles through the budget: the balance follows the bank', async () => {
    const ledger = createFakeLedger()
    const { budget } = startBudget(ledger)
    await waitFor(budget, (s) => s.matches('ready'))
    const dialog = createActor(reconcileMachine, {
      input: { ...PL, budget, newId: sequentialIds(), props },
    }).start()
    expect(selectReconcileDifference(dialog.getSnapshot())).toBe(0)
    dialog.send({ type: 'form.change', field: 'balance', value: '5 010,00' })
    expect(selectReconcileDifference(dialog.getSnapshot())).toBe(1_000)
    dialog.send({ type: 'dialog.submit' })
    await waitFor(dialog, (s) => s.status === 'done')
    const checking = budget.getSnapshot().context.state.accountTotals.get(ids.checking)
    expect(checking?.cleared).toBe(501_000)
  })
})

describe('category, group and budget edit', () => {
  const groceries: Category = {
    id: ids.groceries,
    categoryGroupId: ids.everyday,
    name: 'Groceries',
    type: 'Expense',
    spendingClass: 'Food',
    origin: 'UserDefined',
    hidden: false,
    position: 0,
  }

  it('creates a category in a group, or sends only what changed', () => {
    const created = checkCategory({ name: ' Fuel ', type: 'Expense', spendingClass: 'Transport' })
    expect(
      created.ok &&
        buildCategory(created.value, { mode: 'create', categoryGroupId: ids.everyday }, sequentialIds()),
    ).toEqual([
      {
        _tag: 'CreateCategory',
        categoryId: 'id-1',
        categoryGroupId: ids.everyday,
        name: 'Fuel',
        type: 'Expense',
        spendingClass: 'Transport',
      },
    ])
    const edited = checkCategory({ name: 'Food', type: 'Expense', spendingClass: 'Food' })
    expect(
      edited.ok && buildCategory(edited.value, { mode: 'edit', category: groceries }, sequentialIds()),
    ).toEqual([{ _tag: 'RenameCategory', categoryId: ids.groceries, name: 'Food' }])
    expect(checkCategory({ name: '  ', type: 'Expense', spendingClass: null })).toEqual({
      ok: false,
      errors: { name: { key: 'validation.required' }, spendingClass: { key: 'validation.required' } },
    })
    expect(checkCategory({ name: 'x'.repeat(201), type: 'Expense', spendingClass: 'Fun' })).toEqual({
      ok: false,
      errors: { name: { key: 'validation.maxLength', params: { max: 200 } } },
    })
  })

  it('asks an income category for no spending class: it has none, and editing one leaves it as it is', () => {
    const income = checkCategory({ name: 'Pensja', type: 'Income', spendingClass: null })
    expect(
      income.ok &&
        buildCategory(income.value, { mode: 'create', categoryGroupId: ids.everyday }, sequentialIds()),
    ).toEqual([
      {
        _tag: 'CreateCategory',
        categoryId: 'id-1',
        categoryGroupId: ids.everyday,
        name: 'Pensja',
        type: 'Income',
        spendingClass: 'Undefined',
      },
    ])
    const salary: Category = { ...groceries, name: 'Salary', type: 'Income', spendingClass: 'Self' }
    const edited = checkCategory({ name: 'Salary', type: 'Income', spendingClass: 'Self' })
    expect(
      edited.ok && buildCategory(edited.value, { mode: 'edit', category: salary }, sequentialIds()),
    ).toEqual([])
  })

  it('creates or renames a group; an unchanged name sends nothing', () => {
    const checked = checkGroup({ name: 'Bills' })
    expect(checked.ok && buildGroup(checked.value, { mode: 'create' }, sequentialIds())).toEqual([
      { _tag: 'CreateCategoryGroup', categoryGroupId: 'id-1', name: 'Bills' },
    ])
    const group = { id: ids.everyday, name: 'Bills', hidden: false, position: 1 }
    expect(checked.ok && buildGroup(checked.value, { mode: 'edit', group }, sequentialIds())).toEqual([])
  })

  it('creates a budget in a known currency; edit sends rename and currency change', () => {
    expect(checkBudget({ name: 'Dom', currency: 'XYZ', starter: 'empty' })).toEqual({
      ok: false,
      errors: { currency: { key: 'validation.currency' } },
    })
    const created = checkBudget({ name: 'Dom', currency: 'eur', starter: 'empty' })
    expect(created.ok && buildBudget(created.value, { mode: 'create' }, sequentialIds())).toEqual([
      {
        _tag: 'CreateBudget',
        budgetId: 'id-1',
        name: 'Dom',
        currency: 'EUR',
        uncategorizedGroupId: 'id-2',
        uncategorizedCategoryId: 'id-3',
        incomeCategoryId: 'id-4',
      },
    ])
    const edit = { mode: 'edit' as const, name: 'Dom', currency: CurrencyCode.make('PLN') }
    const edited = checkBudget({ name: 'Dom 2', currency: 'EUR', starter: 'empty' })
    expect(edited.ok && buildBudget(edited.value, edit, sequentialIds())).toEqual([
      { _tag: 'RenameBudget', name: 'Dom 2' },
      { _tag: 'ChangeCurrency', currency: 'EUR' },
    ])
  })

  it('creates a budget with the starter set in one write, which the budgets list sends as its starter', () => {
    const starter = [
      {
        name: 'Rachunki',
        categories: [{ name: 'Czynsz', type: 'Expense' as const, spendingClass: 'Housing' as const }],
      },
      { name: 'Cele', categories: [{ name: 'Wakacje', type: 'Saving' as const }] },
    ]
    const props = { mode: 'create' as const, starter }
    expect(initialBudgetFields(props).starter).toBe('set')
    const created = checkBudget({ name: 'Dom', currency: 'PLN', starter: 'set' })
    const drafts = created.ok ? buildBudget(created.value, props, sequentialIds()) : []
    expect(drafts.map((draft) => draft._tag)).toEqual([
      'CreateBudget',
      'CreateCategoryGroup',
      'CreateCategory',
      'CreateCategoryGroup',
      'CreateCategory',
    ])
    const planned = planWrite(drafts, null, [])
    expect(planned.ok && planned.write).toMatchObject({ kind: 'create', name: 'Dom', starter })
    const empty = checkBudget({ name: 'Dom', currency: 'PLN', starter: 'empty' })
    expect(empty.ok && buildBudget(empty.value, props, sequentialIds())).toHaveLength(1)
  })

  it('a currency change after money was recorded comes back refused, and nothing is renamed', async () => {
    const ledger = createFakeLedger()
    const { budget } = startBudget(ledger)
    await waitFor(budget, (s) => s.matches('ready'))
    const dialog = createActor(budgetEditMachine, {
      input: {
        ...PL,
        budget,
        newId: sequentialIds(),
        props: { mode: 'edit', name: 'Dom', currency: CurrencyCode.make('PLN') },
      },
    }).start()
    dialog.send({ type: 'form.change', field: 'name', value: 'Dom 2' })
    dialog.send({ type: 'form.change', field: 'currency', value: 'EUR' })
    dialog.send({ type: 'dialog.submit' })
    await waitFor(dialog, (s) => s.matches('failed'))
    expect(selectRefusalKey(dialog.getSnapshot())).toBe('budget.errors.currency-locked')
    expect(selectBudget(budget.getSnapshot())?.name).toBe('Dom')
  })
})

describe('move category and delete confirm', () => {
  const groups = [
    { id: ids.everyday, categoryIds: [ids.groceries, ids.rent, ids.salary] },
    { id: CategoryGroupId.make('group-bills'), categoryIds: [CategoryId.make('cat-power')] },
  ]

  it('moves a category to the end of another group; its own group changes nothing', () => {
    const props = { categoryId: ids.rent, currentGroupId: ids.everyday, groups }
    const bills = CategoryGroupId.make('group-bills')
    const checked = checkMoveCategory({ groupId: bills }, props)
    expect(checked.ok && buildMoveCategory(checked.value, props)).toEqual([
      { _tag: 'ReorderCategories', categoryGroupId: bills, categoryIds: ['cat-power', ids.rent] },
    ])
    expect(buildMoveCategory({ groupId: ids.everyday }, props)).toEqual([])
    expect(checkMoveCategory({ groupId: null }, props)).toEqual({
      ok: false,
      errors: { groupId: { key: 'validation.required' } },
    })
  })

  it('deleting a category needs another category for its money', () => {
    const props = { kind: 'category' as const, categoryId: ids.rent }
    expect(checkDelete({ moveToCategoryId: null }, props)).toEqual({
      ok: false,
      errors: { moveToCategoryId: { key: 'validation.required' } },
    })
    expect(checkDelete({ moveToCategoryId: ids.rent }, props)).toEqual({
      ok: false,
      errors: { moveToCategoryId: { key: 'validation.sameCategory' } },
    })
    expect(buildDelete({ moveToCategoryId: ids.groceries }, props)).toEqual([
      { _tag: 'DeleteCategory', categoryId: ids.rent, moveToCategoryId: ids.groceries },
    ])
    const group = {
      kind: 'group' as const,
      categoryGroupId: ids.everyday,
      categoryIds: [ids.groceries, ids.rent],
    }
    expect(checkDelete({ moveToCategoryId: ids.groceries }, group).ok).toBe(false)
    expect(buildDelete({ moveToCategoryId: ids.uncategorized }, group)).toEqual([
      { _tag: 'DeleteCategoryGroup', categoryGroupId: ids.everyday, moveToCategoryId: ids.uncategorized },
    ])
  })

  it('confirming deletes through the budget; cancelling keeps everything', async () => {
    const ledger = createFakeLedger()
    const { budget } = startBudget(ledger)
    await waitFor(budget, (s) => s.matches('ready'))
    const cancelled = createActor(deleteConfirmMachine, {
      input: { ...PL, budget, newId: sequentialIds(), props: { kind: 'category', categoryId: ids.rent } },
    }).start()
    cancelled.send({ type: 'dialog.cancel' })
    expect(cancelled.getSnapshot().value).toBe('cancelled')
    const dialog = createActor(deleteConfirmMachine, {
      input: { ...PL, budget, newId: sequentialIds(), props: { kind: 'category', categoryId: ids.rent } },
    }).start()
    dialog.send({ type: 'form.change', field: 'moveToCategoryId', value: ids.groceries })
    dialog.send({ type: 'dialog.submit' })
    await waitFor(dialog, (s) => s.status === 'done')
    const everyday = selectGroups(budget.getSnapshot()).find((row) => row.group.id === ids.everyday)
    expect(everyday?.categories.map((category) => category.id)).toEqual([ids.groceries, ids.salary])
  })

  it('confirms given commands as they are (a transaction delete)', () => {
    const commands = [{ _tag: 'DeleteFilter' as const, filterId: FilterId.make('f-1') }]
    const props = { kind: 'commands' as const, commands }
    expect(buildDelete({ moveToCategoryId: null }, props)).toBe(commands)
  })
})

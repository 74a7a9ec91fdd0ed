import './texts.ts'
import './category.css'
import { useActorRef } from '@xstate/react'
import { type ReactNode, useState } from 'react'
import { Button, ListBox, ListBoxItem } from 'react-aria-components'
import { useTranslation } from 'react-i18next'
import { selectGroups, selectMonthView, selectTransactionsLoaded } from '../../../machines/budget/index.ts'
import {
  selectAutoAssignPreview,
  selectCategoryInspector,
  selectCategoryRecords,
  selectCategoryTransactions,
  selectMoneyCategories,
  selectUserId,
} from '../../../machines/budget/selectors/category.ts'
import { assignMoneyMachine } from '../../../machines/dialogs/assignMoney/index.ts'
import { autoAssignMachine } from '../../../machines/dialogs/autoAssign/index.ts'
import { coverOverspendingMachine } from '../../../machines/dialogs/coverOverspending/index.ts'
import { moveCategoryMachine } from '../../../machines/dialogs/moveCategory/index.ts'
import { type MoneySource, moveMoneyMachine } from '../../../machines/dialogs/moveMoney/index.ts'
import { moveTransactionsMachine } from '../../../machines/dialogs/moveTransactions/index.ts'
import { targetMachine } from '../../../machines/dialogs/target/index.ts'
import type { AssignmentRecord, TargetType, Transaction } from '../../../schemas/budget.ts'
import type { CategoryGroupId, CategoryId } from '../../../schemas/ids.ts'
import type { Minor, PeriodKey } from '../../../schemas/money.ts'
import { useBudget, useDialogEnv, useNeedTransactions } from '../../budget/OpenBudget.tsx'
import { DialogFrame, DialogTextField, FormDialog } from '../../components/dialog/FormDialog.tsx'
import { useCategoryName } from '../budget/names.ts'
import { RadioField, SelectField } from './fields.tsx'
import { moneyChoices } from './format.ts'
import { useAmountText } from './shared.ts'

type Closable = { readonly onClosed: () => void }

const TARGET_TYPES: ReadonlyArray<TargetType> = [
  'NeededForSpendingMonthly',
  'NeededForSpendingByDate',
  'SavingsBuilder',
  'SavingsBuilderMonthly',
  'DebtPayment',
]

/** Types whose target is reached by a date (or repeats from one). */
const DATED_TYPES: ReadonlySet<TargetType> = new Set([
  'NeededForSpendingByDate',
  'SavingsBuilder',
  'DebtPayment',
])

/** A modal of this area that is not a form (pickers, lists): modal on desktop, full-height sheet on phones. */
export function InfoDialog({
  title,
  onClosed,
  children,
}: Closable & { readonly title: string; readonly children: ReactNode }) {
  const { t } = useTranslation()
  return (
    <DialogFrame title={title} onDismiss={onClosed}>
      {children}
      <div className="dialog__actions">
        <Button className="button button--quiet" onPress={onClosed}>
          {t('category.close')}
        </Button>
      </div>
    </DialogFrame>
  )
}

/** Assign to a category (with a picker when no category is given), from Ready to Assign. */
export function AssignDialog({
  periodKey,
  categoryId,
  onClosed,
}: Closable & { readonly periodKey: PeriodKey; readonly categoryId?: CategoryId }) {
  const [chosen, setChosen] = useState<CategoryId | undefined>(categoryId)
  if (chosen === undefined)
    return <AssignPicker periodKey={periodKey} onChosen={setChosen} onClosed={onClosed} />
  return <AssignForm periodKey={periodKey} categoryId={chosen} onClosed={onClosed} />
}

function AssignPicker({
  periodKey,
  onChosen,
  onClosed,
}: Closable & { readonly periodKey: PeriodKey; readonly onChosen: (id: CategoryId) => void }) {
  const { t } = useTranslation()
  const nameOf = useCategoryName()
  const format = useAmountText()
  const categories = useBudget((snapshot) => selectMoneyCategories(snapshot, periodKey))
  return (
    <InfoDialog title={t('category.assignDialog.pickTitle')} onClosed={onClosed}>
      {categories.length === 0 ? (
        <p className="notice">{t('category.assignDialog.noCategories')}</p>
      ) : (
        <ListBox
          className="select-list category-picker"
          aria-label={t('category.assignDialog.pickLabel')}
          items={categories}
          selectionMode="single"
          autoFocus="first"
          onAction={(key) => onChosen(String(key) as CategoryId)}
          onSelectionChange={(keys) => {
            if (keys !== 'all') for (const key of keys) onChosen(String(key) as CategoryId)
          }}
        >
          {(category) => (
            <ListBoxItem
              className="select-list__item category-picker__item"
              id={category.id}
              textValue={nameOf(category)}
            >
              <span>{nameOf(category)}</span>
              <span className={category.available < 0 ? 'money money--negative' : 'money'}>
                {format(category.available)}
              </span>
            </ListBoxItem>
          )}
        </ListBox>
      )}
    </InfoDialog>
  )
}

function AssignForm({
  periodKey,
  categoryId,
  onClosed,
}: Closable & { readonly periodKey: PeriodKey; readonly categoryId: CategoryId }) {
  const { t } = useTranslation()
  const nameOf = useCategoryName()
  const format = useAmountText()
  const inspector = useBudget((snapshot) => selectCategoryInspector(snapshot, categoryId, periodKey))
  const ready = useBudget((snapshot) => selectMonthView(snapshot, periodKey).readyToAssign)
  const assigned = inspector?.month?.assigned ?? (0 as Minor)
  const actor = useActorRef(assignMoneyMachine, {
    input: { ...useDialogEnv(), props: { periodKey, categoryId, assigned } },
  })
  return (
    <FormDialog
      actor={actor}
      title={t('category.assignDialog.title', { name: nameOf(inspector?.category) })}
      submitLabel={t('category.assignDialog.submit')}
      onClosed={onClosed}
    >
      <DialogTextField
        actor={actor}
        field="amount"
        label={t('category.assignDialog.amount')}
        description={t('category.assignDialog.amountHelp', {
          available: format(inspector?.month?.available ?? 0),
          ready: format(ready),
        })}
        inputMode="decimal"
        autoFocus
      />
    </FormDialog>
  )
}

/** YNAB's auto-assign options, each with what it would change this month. */
export function AutoAssignDialog({ periodKey, onClosed }: Closable & { readonly periodKey: PeriodKey }) {
  const { t } = useTranslation()
  const format = useAmountText()
  const preview = useBudget((snapshot) => selectAutoAssignPreview(snapshot, periodKey))
  const actor = useActorRef(autoAssignMachine, { input: { ...useDialogEnv(), props: { periodKey } } })
  const choices = (Object.keys(preview) as Array<keyof typeof preview>).map((option) => {
    const { categories, total } = preview[option]
    return {
      id: option,
      label: t(`category.autoAssignDialog.options.${option}`),
      description:
        categories === 0
          ? t('category.autoAssignDialog.nothing')
          : t('category.autoAssignDialog.preview', {
              count: categories,
              amount: `${total > 0 ? '+' : ''}${format(total)}`,
            }),
    }
  })
  return (
    <FormDialog
      actor={actor}
      title={t('category.autoAssignDialog.title')}
      submitLabel={t('category.autoAssignDialog.submit')}
      onClosed={onClosed}
    >
      <RadioField
        actor={actor}
        field="option"
        label={t('category.autoAssignDialog.option')}
        choices={choices}
      />
    </FormDialog>
  )
}

/** Money between two categories, or with Ready to Assign. */
export function MoveMoneyDialog({
  periodKey,
  from,
  to,
  onClosed,
}: Closable & { readonly periodKey: PeriodKey; readonly from?: MoneySource; readonly to?: MoneySource }) {
  const { t } = useTranslation()
  const format = useAmountText()
  const categories = useBudget((snapshot) => selectMoneyCategories(snapshot, periodKey))
  const ready = useBudget((snapshot) => selectMonthView(snapshot, periodKey).readyToAssign)
  const actor = useActorRef(moveMoneyMachine, {
    input: {
      ...useDialogEnv(),
      props: {
        periodKey,
        ...(from === undefined ? {} : { from }),
        ...(to === undefined ? {} : { to }),
        balances: categories.map((category) => ({ categoryId: category.id, available: category.available })),
      },
    },
  })
  const label = (name: string, amount: number) =>
    t('category.choiceWithAmount', { name, amount: format(amount) })
  const choices = moneyChoices(categories, label, {
    readyToAssign: { name: t('category.readyToAssign'), amount: ready },
  })
  return (
    <FormDialog
      actor={actor}
      title={t('category.moveMoneyDialog.title')}
      submitLabel={t('category.moveMoneyDialog.submit')}
      onClosed={onClosed}
    >
      <SelectField
        actor={actor}
        field="from"
        label={t('category.moveMoneyDialog.from')}
        choices={choices}
        autoFocus={from === undefined}
      />
      <SelectField
        actor={actor}
        field="to"
        label={t('category.moveMoneyDialog.to')}
        choices={choices}
        autoFocus={from !== undefined && to === undefined}
      />
      <DialogTextField
        actor={actor}
        field="amount"
        label={t('category.moveMoneyDialog.amount')}
        inputMode="decimal"
        autoFocus={from !== undefined && to !== undefined}
      />
    </FormDialog>
  )
}

/** Covers an overspent category from a category that has money, or from Ready to Assign. */
export function CoverDialog({
  periodKey,
  categoryId,
  onClosed,
}: Closable & { readonly periodKey: PeriodKey; readonly categoryId: CategoryId }) {
  const { t } = useTranslation()
  const nameOf = useCategoryName()
  const format = useAmountText()
  const inspector = useBudget((snapshot) => selectCategoryInspector(snapshot, categoryId, periodKey))
  const categories = useBudget((snapshot) => selectMoneyCategories(snapshot, periodKey))
  const ready = useBudget((snapshot) => selectMonthView(snapshot, periodKey).readyToAssign)
  const actor = useActorRef(coverOverspendingMachine, {
    input: {
      ...useDialogEnv(),
      props: {
        periodKey,
        overspentCategoryId: categoryId,
        balances: categories.map((category) => ({ categoryId: category.id, available: category.available })),
      },
    },
  })
  const label = (name: string, amount: number) =>
    t('category.choiceWithAmount', { name, amount: format(amount) })
  const choices = moneyChoices(categories, label, {
    readyToAssign: { name: t('category.readyToAssign'), amount: ready },
    exclude: categoryId,
    onlyWithMoney: true,
  })
  const overspent = Math.max(0, -(inspector?.month?.available ?? 0))
  return (
    <FormDialog
      actor={actor}
      title={t('category.coverDialog.title', { name: nameOf(inspector?.category) })}
      submitLabel={t('category.coverDialog.submit')}
      onClosed={onClosed}
    >
      <p>
        {overspent > 0
          ? t('category.coverDialog.intro', { amount: format(overspent) })
          : t('category.coverDialog.nothingLeft')}
      </p>
      <SelectField
        actor={actor}
        field="from"
        label={t('category.coverDialog.from')}
        choices={choices}
        autoFocus
      />
    </FormDialog>
  )
}

/** Sets or edits the category's target: one of the five kinds, with its amount, date and repetition. */
export function TargetDialog({
  periodKey,
  categoryId,
  onClosed,
}: Closable & { readonly periodKey: PeriodKey; readonly categoryId: CategoryId }) {
  const { t } = useTranslation()
  const nameOf = useCategoryName()
  const inspector = useBudget((snapshot) => selectCategoryInspector(snapshot, categoryId, periodKey))
  const actor = useActorRef(targetMachine, {
    input: { ...useDialogEnv(), props: { categoryId, target: inspector?.target ?? null } },
  })
  const [type, setType] = useState<TargetType>(inspector?.target?.type ?? 'NeededForSpendingMonthly')
  const dated = DATED_TYPES.has(type)
  const choices = TARGET_TYPES.map((id) => ({ id, label: t(`category.targetTypes.${id}`) }))
  return (
    <FormDialog
      actor={actor}
      title={t('category.targetDialog.title', { name: nameOf(inspector?.category) })}
      submitLabel={t('category.targetDialog.submit')}
      onClosed={onClosed}
    >
      <SelectField
        actor={actor}
        field="type"
        label={t('category.targetDialog.type')}
        choices={choices}
        autoFocus
        onChosen={(id) => {
          const next = id as TargetType
          setType(next)
          // A monthly target has no date: clear what a dated kind left behind.
          if (!DATED_TYPES.has(next)) {
            actor.send({ type: 'form.change', field: 'dueDate', value: '' })
            actor.send({ type: 'form.change', field: 'cadenceMonths', value: '' })
          }
        }}
      />
      <DialogTextField
        actor={actor}
        field="amount"
        label={t('category.targetDialog.amount')}
        inputMode="decimal"
      />
      {dated ? (
        <>
          <DialogTextField
            actor={actor}
            field="dueDate"
            type="date"
            label={t('category.targetDialog.dueDate')}
            description={t('category.targetDialog.dueDateHelp')}
          />
          <DialogTextField
            actor={actor}
            field="cadenceMonths"
            label={t('category.targetDialog.cadence')}
            description={t('category.targetDialog.cadenceHelp')}
            inputMode="decimal"
          />
        </>
      ) : null}
    </FormDialog>
  )
}

export function MoveCategoryDialog({ categoryId, onClosed }: Closable & { readonly categoryId: CategoryId }) {
  const { t } = useTranslation()
  const groups = useBudget(selectGroups)
  const current = groups.find((entry) => entry.categories.some((category) => category.id === categoryId))
  const name = current?.categories.find((category) => category.id === categoryId)?.name ?? ''
  const actor = useActorRef(moveCategoryMachine, {
    input: {
      ...useDialogEnv(),
      props: {
        categoryId,
        currentGroupId: current?.group.id ?? ('' as CategoryGroupId),
        groups: groups.map((entry) => ({
          id: entry.group.id,
          categoryIds: entry.categories.map((category) => category.id),
        })),
      },
    },
  })
  const choices = groups
    .filter((entry) => !entry.group.hidden || entry.group.id === current?.group.id)
    .map((entry) => ({ id: entry.group.id, label: entry.group.name }))
  return (
    <FormDialog
      actor={actor}
      title={t('category.moveCategoryDialog.title', { name })}
      submitLabel={t('category.moveCategoryDialog.submit')}
      onClosed={onClosed}
    >
      <SelectField
        actor={actor}
        field="groupId"
        label={t('category.moveCategoryDialog.group')}
        choices={choices}
        autoFocus
      />
    </FormDialog>
  )
}

/** Re-categorises the category's transactions of the month; the dialog says how many before anything moves. */
export function MoveTransactionsDialog({
  periodKey,
  categoryId,
  onClosed,
}: Closable & { readonly periodKey: PeriodKey; readonly categoryId: CategoryId }) {
  const { t } = useTranslation()
  const nameOf = useCategoryName()
  const inspector = useBudget((snapshot) => selectCategoryInspector(snapshot, categoryId, periodKey))
  const loaded = useBudget(selectTransactionsLoaded)
  useNeedTransactions()
  const title = t('category.moveTransactionsDialog.title', { name: nameOf(inspector?.category) })
  if (!loaded)
    return (
      <InfoDialog title={title} onClosed={onClosed}>
        <p className="notice" role="status">
          {t('category.loadingTransactions')}
        </p>
      </InfoDialog>
    )
  return (
    <MoveTransactionsOfMonth
      title={title}
      periodKey={periodKey}
      categoryId={categoryId}
      onClosed={onClosed}
    />
  )
}

/** The month's transactions as they were when the dialog opened: the count the user confirms does not shift. */
function MoveTransactionsOfMonth({
  title,
  periodKey,
  categoryId,
  onClosed,
}: Closable & {
  readonly title: string
  readonly periodKey: PeriodKey
  readonly categoryId: CategoryId
}) {
  const { t } = useTranslation()
  const found = useBudget((snapshot) => selectCategoryTransactions(snapshot, categoryId, periodKey))
  const [transactions] = useState(() => found.map((entry) => entry.transaction))
  const movable = transactions.filter((transaction) => !transaction.reconciled).length
  if (movable === 0)
    return (
      <InfoDialog title={title} onClosed={onClosed}>
        <p className="notice">{t('category.moveTransactionsDialog.none')}</p>
      </InfoDialog>
    )
  return (
    <MoveTransactionsForm
      periodKey={periodKey}
      categoryId={categoryId}
      transactions={transactions}
      title={title}
      onClosed={onClosed}
    />
  )
}

function MoveTransactionsForm({
  periodKey,
  categoryId,
  transactions,
  title,
  onClosed,
}: Closable & {
  readonly periodKey: PeriodKey
  readonly categoryId: CategoryId
  readonly transactions: ReadonlyArray<Transaction>
  readonly title: string
}) {
  const { t } = useTranslation()
  const nameOf = useCategoryName()
  const categories = useBudget((snapshot) => selectMoneyCategories(snapshot, periodKey))
  const actor = useActorRef(moveTransactionsMachine, {
    input: { ...useDialogEnv(), props: { categoryId, transactions } },
  })
  const reconciled = transactions.filter((transaction) => transaction.reconciled).length
  const choices = categories
    .filter((category) => category.id !== categoryId)
    .map((category) => ({ id: category.id, label: nameOf(category) }))
  return (
    <FormDialog
      actor={actor}
      title={title}
      submitLabel={t('category.moveTransactionsDialog.submit')}
      onClosed={onClosed}
    >
      <p>{t('category.moveTransactionsDialog.intro', { count: transactions.length - reconciled })}</p>
      {reconciled > 0 ? (
        <p className="notice">{t('category.moveTransactionsDialog.reconciled', { count: reconciled })}</p>
      ) : null}
      <SelectField
        actor={actor}
        field="to"
        label={t('category.moveTransactionsDialog.to')}
        choices={choices}
        autoFocus
      />
    </FormDialog>
  )
}

/** Every change of an assigned amount in the month (of one category when given): who, when, how, from, to. */
export function AssignmentHistoryList({
  periodKey,
  categoryId,
}: {
  readonly periodKey: PeriodKey
  readonly categoryId: CategoryId | null
}) {
  const { t, i18n } = useTranslation()
  const categoryName = useCategoryName()
  const format = useAmountText()
  const records = useBudget((snapshot) => selectCategoryRecords(snapshot, categoryId, periodKey))
  const view = useBudget((snapshot) => selectMonthView(snapshot, periodKey))
  const userId = useBudget(selectUserId)
  if (records.length === 0) return <p className="category-empty">{t('category.noHistory')}</p>
  const endName = (id: CategoryId | null) =>
    id === null ? t('category.readyToAssign') : categoryName(view.categories.find((row) => row.id === id))
  const when = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'pl', {
    dateStyle: 'short',
    timeStyle: 'short',
  })
  const signed = (record: AssignmentRecord) => {
    // Into this category is a plus, out of it a minus; the whole month's list shows the amount moved.
    const amount =
      categoryId !== null && record.fromCategoryId === categoryId ? -record.amount : record.amount
    return { amount, text: format(amount) }
  }
  return (
    <ul className="category-list" aria-label={t('category.historyLabel')}>
      {records.map((record) => {
        const { amount, text } = signed(record)
        return (
          <li key={record.id} className="category-list__item">
            <span className="category-list__main">
              <span>
                {t('category.recordLine', {
                  from: endName(record.fromCategoryId),
                  to: endName(record.toCategoryId),
                })}
              </span>
              <span className="category-list__meta">
                {t('category.recordMeta', {
                  source: t(`category.source.${record.source}`),
                  who: record.by === userId ? t('category.you') : t('category.someone'),
                  when: when.format(new Date(record.at)),
                })}
              </span>
            </span>
            <span className={amount < 0 ? 'money money--negative' : 'money'}>{text}</span>
          </li>
        )
      })}
    </ul>
  )
}

export function AssignmentHistoryDialog({
  periodKey,
  categoryId = null,
  onClosed,
}: Closable & { readonly periodKey: PeriodKey; readonly categoryId?: CategoryId | null }) {
  const { t } = useTranslation()
  return (
    <InfoDialog title={t('category.historyDialog.title')} onClosed={onClosed}>
      <AssignmentHistoryList periodKey={periodKey} categoryId={categoryId} />
    </InfoDialog>
  )
}

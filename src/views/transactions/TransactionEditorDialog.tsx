import './texts.ts'
import './transactions.css'
import '../../components/dialog/form.css'
import { type CalendarDate, parseDate } from '@internationalized/date'
import { useActorRef, useSelector } from '@xstate/react'
import dayjs from 'dayjs'
import type { TFunction } from 'i18next'
import { type ReactNode, useEffect, useState } from 'react'
import {
  Button,
  Calendar,
  CalendarCell,
  CalendarGrid,
  Checkbox,
  ComboBox,
  DateInput,
  DatePicker,
  DateSegment,
  Dialog,
  FieldError,
  Form,
  Group,
  Heading,
  I18nProvider,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Radio,
  RadioGroup,
  Select,
  TextField,
} from 'react-aria-components'
import { useTranslation } from 'react-i18next'
import type { ActorRefFrom } from 'xstate'
import {
  selectAccounts,
  selectBudget,
  selectGroups,
  selectPayees,
  selectTransactionsLoadState,
} from '../../../machines/budget/index.ts'
import {
  categoryCell,
  selectTransactionById,
  selectTransactionLookups,
} from '../../../machines/budget/selectors/transactions.ts'
import { deleteConfirmMachine } from '../../../machines/dialogs/deleteConfirm/index.ts'
import type { FieldError as FieldErrorValue } from '../../../machines/dialogs/shared/index.ts'
import { selectWasApplied } from '../../../machines/dialogs/shared/index.ts'
import {
  type Direction,
  selectCanRemoveSplit,
  selectIsTransactionEditorClosed,
  selectPayeeSuggestions,
  selectSplitRemainder,
  selectTransactionErrors,
  selectTransactionFields,
  selectTransactionRefusalKey,
  type TransactionEditorProps,
  transactionEditorMachine,
} from '../../../machines/dialogs/transactionEditor/index.ts'
import type { Transaction } from '../../../schemas/budget.ts'
import type { BankAccountId, CategoryId, TransactionId } from '../../../schemas/ids.ts'
import { CurrencyCode, type IsoDate, type Minor } from '../../../schemas/money.ts'
import { useBudget, useDialogEnv, useNeedTransactions } from '../../budget/OpenBudget.tsx'
import { DialogFrame, FormDialog, SelectBody } from '../../components/dialog/FormDialog.tsx'
import { ChevronDownIcon } from '../../components/icons.tsx'
import { Money } from '../../components/money/Money.tsx'
import { useCategoryName } from '../budget/names.ts'

type EditorRef = ActorRefFrom<typeof transactionEditorMachine>
type Choice = { readonly id: string; readonly label: string }

const PLN = CurrencyCode.make('PLN')

const errorText = (t: TFunction, error: FieldErrorValue | undefined) =>
  error === undefined ? '' : t(error.key, error.params ?? {})

/** The modal (desktop) or full-height sheet (phone) around the editor and its read-only variants. */
const EditorFrame = (props: {
  readonly title: string
  readonly onDismiss: () => void
  readonly children: ReactNode
}) => <DialogFrame {...props} modalClassName="tx-editor" />

function ChoiceSelect({
  label,
  value,
  choices,
  onChange,
  error,
  isDisabled = false,
}: {
  readonly label: string
  readonly value: string | null
  readonly choices: ReadonlyArray<Choice>
  readonly onChange: (id: string) => void
  readonly error: string
  readonly isDisabled?: boolean
}) {
  const { t } = useTranslation()
  return (
    <Select
      className="field"
      selectedKey={value}
      onSelectionChange={(key) => key !== null && onChange(String(key))}
      isInvalid={error !== ''}
      isDisabled={isDisabled}
      placeholder={t('dialog.choose')}
    >
      <SelectBody label={label} choices={choices} error={error} />
    </Select>
  )
}

/** The date with a Monday-first calendar (SPEC §9: the week starts on Monday). */
function DateField({ actor }: { readonly actor: EditorRef }) {
  const { t, i18n } = useTranslation()
  const date = useSelector(actor, (snapshot) => selectTransactionFields(snapshot).date)
  const error = useSelector(actor, (snapshot) => selectTransactionErrors(snapshot).fields.date)
  let value: CalendarDate | null = null
  try {
    value = date === '' ? null : parseDate(date)
  } catch {
    value = null
  }
  return (
    <I18nProvider locale={i18n.resolvedLanguage === 'pl' ? 'pl-PL' : 'en-GB'}>
      <DatePicker
        className="field"
        value={value}
        onChange={(next) => actor.send({ type: 'form.change', field: 'date', value: next?.toString() ?? '' })}
        isInvalid={error !== undefined}
        firstDayOfWeek="mon"
      >
        <Label className="field__label">{t('transactions.editor.date')}</Label>
        <Group className="field__input tx-date">
          <DateInput className="tx-date__input">
            {(segment) => <DateSegment segment={segment} className="tx-date__segment" />}
          </DateInput>
          <Button className="icon-button tx-date__button" aria-label={t('transactions.editor.openCalendar')}>
            <ChevronDownIcon />
          </Button>
        </Group>
        <FieldError className="field__error">{errorText(t, error)}</FieldError>
        <Popover className="select-popover tx-calendar-popover">
          <Dialog className="tx-calendar-dialog" aria-label={t('transactions.editor.calendar')}>
            <Calendar className="tx-calendar" firstDayOfWeek="mon">
              <header className="tx-calendar__header">
                <Button
                  slot="previous"
                  className="icon-button tx-calendar__prev"
                  aria-label={t('transactions.editor.previousMonth')}
                >
                  <ChevronDownIcon />
                </Button>
                <Heading className="tx-calendar__title" />
                <Button
                  slot="next"
                  className="icon-button tx-calendar__next"
                  aria-label={t('transactions.editor.nextMonth')}
                >
                  <ChevronDownIcon />
                </Button>
              </header>
              <CalendarGrid className="tx-calendar__grid">
                {(day) => <CalendarCell date={day} className="tx-calendar__cell" />}
              </CalendarGrid>
            </Calendar>
          </Dialog>
        </Popover>
      </DatePicker>
    </I18nProvider>
  )
}

function PayeeField({ actor }: { readonly actor: EditorRef }) {
  const { t } = useTranslation()
  const payee = useSelector(actor, (snapshot) => selectTransactionFields(snapshot).payee)
  const suggestions = useSelector(actor, selectPayeeSuggestions, (a, b) => a.join('\n') === b.join('\n'))
  const items = suggestions.map((name) => ({ id: name, name }))
  return (
    <ComboBox
      className="field"
      allowsCustomValue
      inputValue={payee}
      onInputChange={(value) => actor.send({ type: 'form.change', field: 'payee', value })}
      onSelectionChange={(key) => {
        if (key !== null) actor.send({ type: 'form.change', field: 'payee', value: String(key) })
      }}
      items={items}
      menuTrigger="input"
    >
      <Label className="field__label">{t('transactions.editor.payee')}</Label>
      <div className="tx-combo">
        <Input className="field__input tx-combo__input" />
        <Button
          className="icon-button tx-combo__button"
          aria-label={t('transactions.editor.payeeSuggestions')}
        >
          <ChevronDownIcon />
        </Button>
      </div>
      <Popover className="select-popover">
        <ListBox className="select-list">
          {(item: { id: string; name: string }) => (
            <ListBoxItem className="select-list__item" id={item.id} textValue={item.name}>
              {item.name}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  )
}

function TextInput({
  actor,
  field,
  label,
  inputMode,
  autoFocus = false,
}: {
  readonly actor: EditorRef
  readonly field: 'memo' | 'amount'
  readonly label: string
  readonly inputMode?: 'decimal'
  readonly autoFocus?: boolean
}) {
  const { t } = useTranslation()
  const value = useSelector(actor, (snapshot) => selectTransactionFields(snapshot)[field])
  const error = useSelector(actor, (snapshot) => selectTransactionErrors(snapshot).fields[field])
  return (
    <TextField
      className="field"
      value={value}
      onChange={(text) => actor.send({ type: 'form.change', field, value: text })}
      isInvalid={error !== undefined}
      autoFocus={autoFocus}
      {...(inputMode === undefined ? {} : { inputMode })}
    >
      <Label className="field__label">{label}</Label>
      <Input className="field__input" />
      <FieldError className="field__error">{errorText(t, error)}</FieldError>
    </TextField>
  )
}

function Splits({
  actor,
  categories,
  currency,
}: {
  readonly actor: EditorRef
  readonly categories: ReadonlyArray<Choice>
  readonly currency: CurrencyCode
}) {
  const { t } = useTranslation()
  const splits = useSelector(actor, (snapshot) => selectTransactionFields(snapshot).splits)
  const errors = useSelector(actor, (snapshot) => selectTransactionErrors(snapshot))
  const remainder = useSelector(actor, selectSplitRemainder)
  const canRemove = useSelector(actor, selectCanRemoveSplit)
  const several = splits.length > 1
  return (
    <fieldset className="tx-splits">
      {several ? (
        <legend className="field__label">{t('transactions.editor.splits', { count: splits.length })}</legend>
      ) : null}
      {splits.map((split, index) => {
        const splitErrors = errors.splits[index]
        return (
          // Splits have no ids; their order is their identity while the dialog is open.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above.
          <div className="tx-split" key={index}>
            <ChoiceSelect
              label={
                several
                  ? t('transactions.editor.splitCategory', { n: index + 1 })
                  : t('transactions.editor.category')
              }
              value={split.categoryId}
              choices={categories}
              onChange={(id) =>
                actor.send({ type: 'split.setCategory', index, categoryId: id as CategoryId })
              }
              error={errorText(t, splitErrors?.categoryId)}
            />
            {several ? (
              <TextField
                className="field"
                value={split.amount}
                inputMode="decimal"
                onChange={(amount) => actor.send({ type: 'split.setAmount', index, amount })}
                isInvalid={splitErrors?.amount !== undefined}
              >
                <Label className="field__label">
                  {t('transactions.editor.splitAmount', { n: index + 1 })}
                </Label>
                <Input className="field__input" />
                <FieldError className="field__error">{errorText(t, splitErrors?.amount)}</FieldError>
              </TextField>
            ) : null}
            {several && canRemove ? (
              <Button
                className="button button--quiet tx-split__remove"
                onPress={() => actor.send({ type: 'split.remove', index })}
              >
                {t('transactions.editor.removeSplit', { n: index + 1 })}
              </Button>
            ) : null}
          </div>
        )
      })}
      {several && remainder !== null && remainder !== 0 ? (
        <p className="field__description">
          {t('transactions.editor.remainder')} <Money amount={remainder as Minor} currency={currency} />
        </p>
      ) : null}
      {errors.fields.splits === undefined ? null : (
        <p className="field__error" role="alert">
          {errorText(t, errors.fields.splits)}
        </p>
      )}
      <Button className="button button--quiet" onPress={() => actor.send({ type: 'split.add' })}>
        {several ? t('transactions.editor.addSplit') : t('transactions.editor.split')}
      </Button>
    </fieldset>
  )
}

/** Asks SPEC's confirm before DeleteTransaction; a reconciled one is refused and the refusal shows here. */
function DeleteConfirm({
  transactionId,
  onCancelled,
  onDeleted,
}: {
  readonly transactionId: TransactionId
  readonly onCancelled: () => void
  readonly onDeleted: () => void
}) {
  const { t } = useTranslation()
  const env = useDialogEnv()
  const actor = useActorRef(deleteConfirmMachine, {
    input: { ...env, props: { kind: 'commands', commands: [{ _tag: 'DeleteTransaction', transactionId }] } },
  })
  return (
    <FormDialog
      actor={actor}
      title={t('transactions.delete.title')}
      submitLabel={t('transactions.delete.confirm')}
      destructive
      onClosed={() => (selectWasApplied(actor.getSnapshot()) ? onDeleted() : onCancelled())}
    >
      <p>{t('toast.confirm')}</p>
    </FormDialog>
  )
}

function EditorForm({
  props,
  transaction,
  onClosed,
}: {
  readonly props: TransactionEditorProps
  readonly transaction: Transaction | null
  readonly onClosed: () => void
}) {
  const { t } = useTranslation()
  const nameOf = useCategoryName()
  const env = useDialogEnv()
  const actor = useActorRef(transactionEditorMachine, { input: { ...env, props } })
  const accounts = useBudget(selectAccounts)
  const groups = useBudget(selectGroups)
  const currency = useBudget(selectBudget)?.currency ?? PLN
  const closed = useSelector(actor, selectIsTransactionEditorClosed)
  const refusalKey = useSelector(actor, selectTransactionRefusalKey)
  const submitting = useSelector(actor, (snapshot) => snapshot.matches('submitting'))
  const bankAccountId = useSelector(actor, (snapshot) => selectTransactionFields(snapshot).bankAccountId)
  const direction = useSelector(actor, (snapshot) => selectTransactionFields(snapshot).direction)
  const cleared = useSelector(actor, (snapshot) => selectTransactionFields(snapshot).cleared)
  const accountError = useSelector(
    actor,
    (snapshot) => selectTransactionErrors(snapshot).fields.bankAccountId,
  )
  const [confirmingDelete, setConfirmingDelete] = useState(false)
  useEffect(() => {
    if (closed) onClosed()
  }, [closed, onClosed])

  const accountChoices = accounts
    .filter(({ account }) => account.state === 'Active' || account.id === bankAccountId)
    .map(({ account }) => ({ id: account.id, label: account.name }))
  // Hidden categories are offered only when the transaction already uses them.
  const used = new Set<string>(
    props.mode === 'edit' ? props.transaction.splits.map((split) => split.categoryId) : [],
  )
  const categoryChoices = groups.flatMap(({ categories }) =>
    categories
      .filter((category) => !category.hidden || used.has(category.id))
      .map((category) => ({ id: category.id, label: nameOf(category) })),
  )
  const cancel = () => actor.send({ type: 'dialog.cancel' })
  const adding = props.mode === 'add'

  return (
    <EditorFrame
      title={adding ? t('transactions.editor.addTitle') : t('transactions.editor.editTitle')}
      onDismiss={cancel}
    >
      <Form
        className="dialog__form"
        validationBehavior="aria"
        onSubmit={(event) => {
          event.preventDefault()
          actor.send({ type: 'dialog.submit' })
        }}
      >
        {transaction?.reconciled ? (
          <p className="notice tx-notice">{t('transactions.editor.reconciledNote')}</p>
        ) : null}
        <ChoiceSelect
          label={t('transactions.editor.account')}
          value={bankAccountId}
          choices={accountChoices}
          onChange={(id) =>
            actor.send({ type: 'form.change', field: 'bankAccountId', value: id as BankAccountId })
          }
          error={errorText(t, accountError)}
        />
        <RadioGroup
          className="field tx-direction"
          orientation="horizontal"
          value={direction}
          onChange={(value) =>
            actor.send({ type: 'form.change', field: 'direction', value: value as Direction })
          }
        >
          <Label className="field__label">{t('transactions.editor.direction')}</Label>
          <div className="tx-direction__options">
            <Radio className="tx-direction__option" value="outflow">
              {t('transactions.editor.outflow')}
            </Radio>
            <Radio className="tx-direction__option" value="inflow">
              {t('transactions.editor.inflow')}
            </Radio>
          </div>
        </RadioGroup>
        <TextInput
          actor={actor}
          field="amount"
          label={t('transactions.editor.amount')}
          inputMode="decimal"
          autoFocus={adding}
        />
        <DateField actor={actor} />
        <PayeeField actor={actor} />
        <Splits actor={actor} categories={categoryChoices} currency={currency} />
        <TextInput actor={actor} field="memo" label={t('transactions.editor.memo')} />
        <Checkbox
          className="tx-checkbox"
          isSelected={cleared}
          onChange={(value) => actor.send({ type: 'form.change', field: 'cleared', value })}
        >
          <span className="tx-checkbox__box" aria-hidden="true" />
          {t('transactions.editor.cleared')}
        </Checkbox>
        {refusalKey === null ? null : (
          <p className="notice notice--error" role="alert">
            {t(refusalKey)}
          </p>
        )}
        <div className="dialog__actions tx-editor__actions">
          {transaction === null ? null : (
            <Button
              className="button button--danger tx-editor__delete"
              onPress={() => setConfirmingDelete(true)}
            >
              {t('transactions.delete.button')}
            </Button>
          )}
          <Button className="button button--quiet" onPress={cancel}>
            {t('dialog.cancel')}
          </Button>
          <Button className="button button--primary" type="submit" isPending={submitting}>
            {t('dialog.save')}
          </Button>
        </div>
      </Form>
      {confirmingDelete && transaction !== null ? (
        <DeleteConfirm
          transactionId={transaction.id}
          onCancelled={() => setConfirmingDelete(false)}
          onDeleted={onClosed}
        />
      ) : null}
    </EditorFrame>
  )
}

/** A transfer side: shown read-only here (the transfer dialog edits it); it can still be deleted. */
function TransferView({
  transaction,
  onClosed,
}: {
  readonly transaction: Transaction
  readonly onClosed: () => void
}) {
  const { t } = useTranslation()
  const currency = useBudget(selectBudget)?.currency ?? PLN
  const lookups = useBudget(selectTransactionLookups)
  const [confirmingDelete, setConfirmingDelete] = useState(false)
  const cell = categoryCell(transaction, lookups)
  return (
    <EditorFrame title={t('transactions.transfer.title')} onDismiss={onClosed}>
      <p className="notice tx-notice">{t('transactions.transfer.note')}</p>
      <dl className="tx-facts">
        <dt>{t('transactions.editor.account')}</dt>
        <dd>{lookups.accountNames.get(transaction.bankAccountId) ?? ''}</dd>
        <dt>{t('transactions.editor.date')}</dt>
        <dd>{transaction.date}</dd>
        <dt>{t('transactions.editor.payee')}</dt>
        <dd>{transaction.payee}</dd>
        <dt>{t('transactions.editor.amount')}</dt>
        <dd>
          <Money amount={transaction.value} currency={currency} />
        </dd>
        <dt>{t('transactions.editor.category')}</dt>
        <dd>{cell.kind === 'transfer' ? t('transactions.row.transfer') : ''}</dd>
      </dl>
      <div className="dialog__actions">
        <Button className="button button--danger" onPress={() => setConfirmingDelete(true)}>
          {t('transactions.delete.button')}
        </Button>
        <Button className="button button--primary" onPress={onClosed}>
          {t('transactions.close')}
        </Button>
      </div>
      {confirmingDelete ? (
        <DeleteConfirm
          transactionId={transaction.id}
          onCancelled={() => setConfirmingDelete(false)}
          onDeleted={onClosed}
        />
      ) : null}
    </EditorFrame>
  )
}

/** Add (no transactionId) or edit a transaction; a category or account given up front is preselected. */
export function TransactionEditorDialog({
  onClosed,
  transactionId,
  categoryId,
  bankAccountId,
}: {
  readonly onClosed: () => void
  readonly transactionId?: TransactionId
  readonly categoryId?: CategoryId
  readonly bankAccountId?: BankAccountId
}) {
  const { t } = useTranslation()
  const loadState = useBudget(selectTransactionsLoadState)
  useNeedTransactions()
  const transaction = useBudget((snapshot) => selectTransactionById(snapshot, transactionId))
  const payees = useBudget(selectPayees)
  const accounts = useBudget(selectAccounts)
  // The props are read once: the machine keeps its own copy of the form from then on.
  const [props, setProps] = useState<TransactionEditorProps | null>(null)
  useEffect(() => {
    if (props !== null || loadState !== 'ready') return
    if (transactionId === undefined) {
      const active = accounts.filter(({ account }) => account.state === 'Active')
      const onlyAccount = active.length === 1 ? active[0]?.account.id : undefined
      const account = bankAccountId ?? onlyAccount
      setProps({
        mode: 'add',
        today: dayjs().format('YYYY-MM-DD') as IsoDate,
        payees,
        ...(account === undefined ? {} : { bankAccountId: account }),
        ...(categoryId === undefined ? {} : { categoryId }),
      })
    } else if (transaction !== null)
      setProps({ mode: 'edit', transaction, payees, reconciliationLabel: t('budget.reconciliationPayee') })
  }, [props, loadState, transactionId, transaction, payees, accounts, bankAccountId, categoryId, t])

  // Deleted (here or by someone else) while open: the editor closes.
  const gone = props?.mode === 'edit' && transaction === null
  useEffect(() => {
    if (gone) onClosed()
  }, [gone, onClosed])
  if (gone) return null
  if (loadState === 'loading' || (props === null && (transactionId === undefined || transaction !== null)))
    return (
      <EditorFrame title={t('transactions.editor.loadingTitle')} onDismiss={onClosed}>
        <p role="status">{t('transactions.status.loading')}</p>
      </EditorFrame>
    )
  if (props === null)
    return (
      <EditorFrame title={t('transactions.editor.missingTitle')} onDismiss={onClosed}>
        <p className="notice">{t('transactions.editor.missing')}</p>
        <div className="dialog__actions">
          <Button className="button button--primary" onPress={onClosed}>
            {t('transactions.close')}
          </Button>
        </div>
      </EditorFrame>
    )
  if (props.mode === 'edit' && props.transaction.transferId !== null)
    return <TransferView transaction={transaction ?? props.transaction} onClosed={onClosed} />
  return (
    <EditorForm
      props={props}
      transaction={props.mode === 'edit' ? (transaction ?? props.transaction) : null}
      onClosed={onClosed}
    />
  )
}

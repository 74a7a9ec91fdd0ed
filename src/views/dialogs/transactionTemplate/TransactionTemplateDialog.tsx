import '../../templates/texts.ts'
import '../../templates/templates.css'
import '../../transactions/texts.ts'
import '../../transactions/transactions.css'
import '../../../components/dialog/form.css'
import { useSelector } from '@xstate/react'
import { useState } from 'react'
import { Button, Label, Radio, RadioGroup } from 'react-aria-components'
import { useTranslation } from 'react-i18next'
import { fieldChange, selectFieldError, selectFields } from '../../../../machines/dialogs/shared/index.ts'
import {
  directionOf,
  shownRemainder,
  withDirection,
  withSplitAdded,
  withSplitChanged,
  withSplitRemoved,
} from '../../../../machines/dialogs/shared/splits.ts'
import { accountChoices, categoryChoices } from '../../../../machines/dialogs/transactionEditor/index.ts'
import {
  AMOUNT_MATCHES,
  ENDS,
  FREQUENCIES,
  SHIFTS,
  type TemplatePreview,
  type TransactionTemplateFields,
  type TransactionTemplateProps,
  targetCategoryOf,
  targetFromTemplate,
  templatePreview,
  templateSplitErrors,
  transactionTemplateMachine,
  transferTargetChoices,
} from '../../../../machines/dialogs/transactionTemplate/index.ts'
import { selectAccounts, selectGroups, selectLoadState } from '../../../../machines/openBudget/index.ts'
import { selectCategoryInspector } from '../../../../machines/openBudget/selectors/category.ts'
import {
  selectDraftHorizonDays,
  selectIncomeCategoryId,
  selectTemplate,
} from '../../../../machines/openBudget/selectors/templates.ts'
import type { BankAccountId, CategoryId, TemplateId } from '../../../../schemas/ids.ts'
import type { PeriodKey } from '../../../../schemas/money.ts'
import type { TransactionTemplate } from '../../../../schemas/templates.ts'
import {
  DialogDateField,
  DialogFrame,
  DialogSelectField,
  DialogTextField,
  FormDialog,
  type FormDialogRef,
} from '../../../components/dialog/FormDialog.tsx'
import { SplitsPart } from '../../../components/dialog/SplitsPart.tsx'
import { useBudget, useBudgetRef, useDialogEnv } from '../../../openBudget/OpenBudget.tsx'
import { dateLabel, todayIso } from '../../accounts/shared.tsx'
import { useCurrency } from '../../category/shared.ts'
import { useCategoryName } from '../../month/names.ts'
import { useFirst } from '../shared/Gone.tsx'
import { useFlowDialog } from '../shared/useFlowDialog.ts'

type Props = {
  readonly templateId?: TemplateId | undefined
  readonly categoryId?: CategoryId | undefined
  readonly bankAccountId?: BankAccountId | undefined
  readonly periodKey: PeriodKey
  readonly onClosed: () => void
}

/** Creates (no templateId) or edits a recurring transaction; a category or account given up front is preset. */
export function TransactionTemplateDialog(props: Props) {
  // A dialog opened by its address (a reload, a link) waits for the budget's first read.
  return useBudget(selectLoadState) === 'ready' ? <LoadedTemplateDialog {...props} /> : null
}

function LoadedTemplateDialog({ templateId, categoryId, bankAccountId, periodKey, onClosed }: Props) {
  const { t } = useTranslation()
  const found = useBudget((snapshot) =>
    templateId === undefined ? null : selectTemplate(snapshot, templateId),
  )
  // The template as the dialog opened on it: deleting it from here must not swap the dialog for a notice.
  const template = useFirst(found)
  if (templateId !== undefined && template === null)
    return (
      <DialogFrame title={t('templates.dialog.editTitle')} onDismiss={onClosed}>
        <p className="notice">{t('templates.dialog.missing')}</p>
        <div className="dialog__actions">
          <Button className="button button--primary" onPress={onClosed}>
            {t('dialog.cancel')}
          </Button>
        </div>
      </DialogFrame>
    )
  return (
    <TemplateForm
      template={template}
      periodKey={periodKey}
      onClosed={onClosed}
      {...(categoryId === undefined ? {} : { categoryId })}
      {...(bankAccountId === undefined ? {} : { bankAccountId })}
    />
  )
}

const change = fieldChange<TransactionTemplateFields>()

function TemplateForm({
  template,
  categoryId,
  bankAccountId,
  periodKey,
  onClosed,
}: {
  readonly template: TransactionTemplate | null
  readonly categoryId?: CategoryId
  readonly bankAccountId?: BankAccountId
  readonly periodKey: PeriodKey
  readonly onClosed: () => void
}) {
  const { t, i18n } = useTranslation()
  const locale = i18n.resolvedLanguage ?? 'pl'
  const env = useDialogEnv()
  const budget = useBudgetRef()
  const nameOf = useCategoryName()
  const currency = useCurrency()
  const accounts = useBudget(selectAccounts)
  const groups = useBudget(selectGroups)
  const incomeCategoryId = useBudget(selectIncomeCategoryId)
  const today = useFirst(todayIso())
  // Like "Dodaj transakcję": the register's account, else the only open one.
  const active = accounts.filter(({ account }) => account.state === 'Active')
  const presetAccount = bankAccountId ?? (active.length === 1 ? active[0]?.account.id : undefined)
  const props: TransactionTemplateProps =
    template === null
      ? {
          mode: 'create',
          today,
          ...(presetAccount === undefined ? {} : { bankAccountId: presetAccount }),
          ...(categoryId === undefined ? {} : { categoryId }),
          ...(incomeCategoryId === undefined ? {} : { incomeCategoryId }),
        }
      : { mode: 'edit', template, ...(incomeCategoryId === undefined ? {} : { incomeCategoryId }) }
  const actor = useFlowDialog(transactionTemplateMachine, props)
  const fields = useSelector(actor, selectFields)
  const splitsError = useSelector(actor, (snapshot) => selectFieldError(snapshot, 'splits'))
  const splitErrors = templateSplitErrors(fields, env, splitsError !== undefined)
  const horizonDays = useBudget(selectDraftHorizonDays)
  const preview = templatePreview(fields, today, { horizonDays, fromStart: template === null })
  const [confirmingDelete, setConfirmingDelete] = useState(false)
  const [targetSet, setTargetSet] = useState(false)
  const targetCategory = template === null ? null : targetCategoryOf(template)
  const existingTarget = useBudget((snapshot) =>
    targetCategory === null
      ? null
      : (selectCategoryInspector(snapshot, targetCategory, periodKey)?.target ?? null),
  )
  const accountList = accountChoices(accounts, fields.bankAccountId)
  const toChoices = transferTargetChoices(accounts, fields)
  const transfer = fields.kind === 'transfer'
  const once = fields.frequency === 'Once'
  const deleteTemplate = () => {
    if (template === null) return
    budget.send({ type: 'budget.command', commands: [{ _tag: 'DeleteTemplate', templateId: template.id }] })
    onClosed()
  }
  const setTarget = () => {
    if (template === null) return
    const command = targetFromTemplate(
      template,
      preview._tag === 'Dates' ? preview.dates[0]?.date : undefined,
      existingTarget,
      env.newId,
    )
    if (command === null) return
    budget.send({ type: 'budget.command', commands: [command] })
    setTargetSet(true)
  }
  return (
    <FormDialog
      actor={actor}
      title={template === null ? t('templates.dialog.addTitle') : t('templates.dialog.editTitle')}
      submitLabel={t('templates.dialog.save')}
      onClosed={onClosed}
    >
      <div className="template-form">
        <DialogSelectField
          actor={actor}
          field="bankAccountId"
          label={t('templates.fields.account')}
          choices={accountList}
          autoFocus={template === null && bankAccountId === undefined}
        />
        <OptionRadios
          actor={actor}
          field="kind"
          label={t('templates.fields.kind')}
          options={[
            { id: 'regular', label: t('templates.kinds.regular') },
            { id: 'transfer', label: t('templates.kinds.transfer') },
          ]}
        />
        {transfer ? (
          <DialogSelectField
            actor={actor}
            field="toBankAccountId"
            label={t('templates.fields.toAccount')}
            choices={toChoices}
          />
        ) : (
          <RadioGroup
            className="field tx-direction"
            orientation="horizontal"
            value={fields.direction}
            onChange={(value) => {
              const next = withDirection(fields, directionOf(value), incomeCategoryId)
              actor.send(change('direction', next.direction))
              if (next.splits !== fields.splits) actor.send(change('splits', next.splits))
            }}
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
        )}
        <DialogTextField
          actor={actor}
          field="amount"
          label={t('templates.fields.amount')}
          inputMode="decimal"
        />
        <DialogTextField actor={actor} field="payee" label={t('templates.fields.payee')} />
        {transfer ? null : (
          <SplitsPart
            binding={{
              splits: fields.splits,
              errors: splitErrors,
              sumError: splitsError,
              remainder: shownRemainder(fields, env),
              canRemove: fields.splits.length > 1,
              add: () => actor.send(change('splits', withSplitAdded(fields.splits))),
              remove: (index) => actor.send(change('splits', withSplitRemoved(fields.splits, index))),
              setCategory: (index, id) =>
                actor.send(change('splits', withSplitChanged(fields.splits, index, { categoryId: id }))),
              setAmount: (index, amount) =>
                actor.send(change('splits', withSplitChanged(fields.splits, index, { amount }))),
            }}
            categories={categoryChoices(groups, template?.splits ?? [], nameOf, {
              readyToAssign: t('transactions.editor.readyToAssignHelp'),
              uncategorized: t('transactions.editor.uncategorizedHelp'),
            })}
            currency={currency}
          />
        )}
        <DialogTextField actor={actor} field="memo" label={t('templates.fields.memo')} />
        <DialogSelectField
          actor={actor}
          field="frequency"
          label={t('templates.fields.frequency')}
          choices={FREQUENCIES.map((id) => ({ id, label: t(`templates.frequencies.${id}`) }))}
        />
        {once ? null : (
          <DialogTextField
            actor={actor}
            field="interval"
            label={t(`templates.interval.${fields.frequency}`)}
            inputMode="decimal"
          />
        )}
        <DialogDateField
          actor={actor}
          field="startDate"
          label={t('templates.fields.startDate')}
          // Month-end bills: the start's day is the anchor, and 31 means each month's last day.
          {...(MONTHLY.has(fields.frequency) ? { description: t('templates.monthEndHint') } : {})}
        />
        {once ? null : (
          <DialogSelectField
            actor={actor}
            field="end"
            label={t('templates.fields.end')}
            choices={ENDS.map((id) => ({ id, label: t(`templates.ends.${id}`) }))}
          />
        )}
        {!once && fields.end === 'after' ? (
          <DialogTextField
            actor={actor}
            field="occurrences"
            label={t('templates.fields.occurrences')}
            inputMode="decimal"
          />
        ) : null}
        {!once && fields.end === 'on' ? (
          <DialogDateField actor={actor} field="endDate" label={t('templates.fields.endDate')} />
        ) : null}
        <DialogSelectField
          actor={actor}
          field="shift"
          label={t('templates.fields.shift')}
          choices={SHIFTS.map((id) => ({ id, label: t(`templates.shifts.${id}`) }))}
        />
        <DialogSelectField
          actor={actor}
          field="amountMatch"
          label={t('templates.fields.amountMatch')}
          choices={AMOUNT_MATCHES.map((id) => ({ id, label: t(`templates.amountMatches.${id}`) }))}
        />
        <section className="template-preview" aria-label={t('templates.preview')}>
          <h3 className="template-preview__title">{t('templates.preview')}</h3>
          {preview._tag === 'Dates' ? (
            preview.dates.length === 0 ? (
              <p className="field__description">{t('templates.previewNone')}</p>
            ) : (
              <ol className="template-preview__dates">
                {preview.dates.map(({ date, due }) => (
                  <li key={date}>
                    {dateLabel(date, locale)}
                    {due ? <span className="template-preview__due"> {t('templates.previewDue')}</span> : null}
                  </li>
                ))}
              </ol>
            )
          ) : (
            <p className="field__description">{t(PREVIEW_MESSAGE[preview._tag])}</p>
          )}
        </section>
        {template === null ? null : (
          <div className="template-form__extra">
            {targetCategory === null || template.value >= 0 ? null : (
              <Button className="button button--quiet" onPress={setTarget}>
                {t('templates.dialog.setTarget')}
              </Button>
            )}
            {targetSet ? <p role="status">{t('templates.dialog.targetSet')}</p> : null}
            {confirmingDelete ? (
              <p className="template-form__delete" role="alert">
                <span>{t('templates.list.deleteQuestion', { payee: template.payee })}</span>
                <Button className="button button--danger" onPress={deleteTemplate}>
                  {t('templates.list.deleteConfirm')}
                </Button>
                <Button className="button button--quiet" onPress={() => setConfirmingDelete(false)}>
                  {t('templates.list.cancel')}
                </Button>
              </p>
            ) : (
              <Button className="button button--danger" onPress={() => setConfirmingDelete(true)}>
                {t('templates.dialog.delete')}
              </Button>
            )}
          </div>
        )}
      </div>
    </FormDialog>
  )
}

/** A few options of a form field as radio buttons in a row (the editor's direction look). */
function OptionRadios<K extends keyof TransactionTemplateFields & string>({
  actor,
  field,
  label,
  options,
}: {
  readonly actor: FormDialogRef<TransactionTemplateFields>
  readonly field: K
  readonly label: string
  readonly options: ReadonlyArray<{ readonly id: string; readonly label: string }>
}) {
  const value = useSelector(actor, (snapshot) => String(selectFields(snapshot)[field]))
  return (
    <RadioGroup
      className="field tx-direction"
      orientation="horizontal"
      value={value}
      // The options' ids are the field's values.
      onChange={(id) => actor.send(change(field, id as TransactionTemplateFields[K]))}
    >
      <Label className="field__label">{label}</Label>
      <div className="tx-direction__options">
        {options.map((option) => (
          <Radio key={option.id} className="tx-direction__option" value={option.id}>
            {option.label}
          </Radio>
        ))}
      </div>
    </RadioGroup>
  )
}

/** Why the preview has no dates yet. */
const PREVIEW_MESSAGE = {
  NoStart: 'templates.previewUnknown',
  NoEnd: 'templates.previewEnd',
  EndBeforeStart: 'templates.validation.endBeforeStart',
  Invalid: 'templates.previewInvalid',
} as const satisfies Record<Exclude<TemplatePreview['_tag'], 'Dates'>, string>

/** The frequencies anchored on the start's day of month. */
const MONTHLY: ReadonlySet<string> = new Set(['Monthly', 'Quarterly', 'Yearly'])

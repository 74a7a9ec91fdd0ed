import '../../templates/texts.ts'
import '../../templates/templates.css'
import '../../transactions/texts.ts'
import '../../transactions/transactions.css'
import '../../../components/dialog/form.css'
import { useSelector } from '@xstate/react'
import { Button } from 'react-aria-components'
import { useTranslation } from 'react-i18next'
import { fieldChange, selectFieldError, selectFields } from '../../../../machines/dialogs/shared/index.ts'
import {
  shownRemainder,
  withSplitAdded,
  withSplitChanged,
  withSplitRemoved,
} from '../../../../machines/dialogs/shared/splits.ts'
import {
  draftSplitErrors,
  isTransferTemplate,
  skipOccurrence,
  skipThrough,
  type TransactionDraftFields,
  type TransactionDraftProps,
  transactionDraftMachine,
} from '../../../../machines/dialogs/transactionDraft/index.ts'
import { categoryChoices } from '../../../../machines/dialogs/transactionEditor/index.ts'
import { selectGroups, selectLoadState } from '../../../../machines/openBudget/index.ts'
import { selectAccountWithBalance } from '../../../../machines/openBudget/selectors/accounts.ts'
import {
  selectDraftCountThrough,
  selectTemplate,
} from '../../../../machines/openBudget/selectors/templates.ts'
import type { TemplateId } from '../../../../schemas/ids.ts'
import type { IsoDate } from '../../../../schemas/money.ts'
import {
  DialogDateField,
  DialogFrame,
  DialogTextField,
  FormDialog,
} from '../../../components/dialog/FormDialog.tsx'
import { SplitsPart } from '../../../components/dialog/SplitsPart.tsx'
import { Money } from '../../../components/money/Money.tsx'
import { useBudget, useBudgetRef, useDialogEnv } from '../../../openBudget/OpenBudget.tsx'
import { dateLabel, todayIso } from '../../accounts/shared.tsx'
import { useCurrency } from '../../category/shared.ts'
import { useCategoryName } from '../../month/names.ts'
import { useFirst } from '../shared/Gone.tsx'
import { useFlowDialog } from '../shared/useFlowDialog.ts'

type Props = {
  readonly templateId: TemplateId
  readonly date: IsoDate
  readonly onClosed: () => void
}

/** Confirms (optionally edited), skips, or skips the backlog up to one occurrence of a template. */
export function TransactionDraftDialog(props: Props) {
  // A dialog opened by its address (a reload, a link) waits for the budget's first read.
  return useBudget(selectLoadState) === 'ready' ? <LoadedDraftDialog {...props} /> : null
}

function LoadedDraftDialog({ templateId, date, onClosed }: Props) {
  const { t } = useTranslation()
  // The template as the dialog opened on it: confirming must not swap the closing dialog for a notice.
  const template = useFirst(useBudget((snapshot) => selectTemplate(snapshot, templateId)))
  if (template === null)
    return (
      <DialogFrame title={t('templates.draft.title')} onDismiss={onClosed}>
        <p className="notice">{t('templates.draft.missing')}</p>
        <div className="dialog__actions">
          <Button className="button button--primary" onPress={onClosed}>
            {t('dialog.cancel')}
          </Button>
        </div>
      </DialogFrame>
    )
  return <DraftForm props={{ template, date }} onClosed={onClosed} />
}

const change = fieldChange<TransactionDraftFields>()

function DraftForm({
  props,
  onClosed,
}: {
  readonly props: TransactionDraftProps
  readonly onClosed: () => void
}) {
  const { t, i18n } = useTranslation()
  const locale = i18n.resolvedLanguage ?? 'pl'
  const env = useDialogEnv()
  const budget = useBudgetRef()
  const nameOf = useCategoryName()
  const currency = useCurrency()
  const groups = useBudget(selectGroups)
  const { template, date } = props
  const today = useFirst(todayIso())
  const account = useBudget((snapshot) => selectAccountWithBalance(snapshot, template.bankAccountId))
  const toAccount = useBudget((snapshot) =>
    template.toBankAccountId === null ? null : selectAccountWithBalance(snapshot, template.toBankAccountId),
  )
  const backlog = useBudget((snapshot) => selectDraftCountThrough(snapshot, template.id, date, today)) > 1
  const actor = useFlowDialog(transactionDraftMachine, props)
  const fields = useSelector(actor, selectFields)
  const splitsError = useSelector(actor, (snapshot) => selectFieldError(snapshot, 'splits'))
  const transfer = isTransferTemplate(template)
  const act = (command: ReturnType<typeof skipOccurrence>) => {
    budget.send({ type: 'budget.command', commands: [command] })
    onClosed()
  }
  return (
    <FormDialog
      actor={actor}
      title={t('templates.draft.title')}
      submitLabel={t('templates.draft.confirm')}
      onClosed={onClosed}
    >
      <div className="template-form">
        <div className="draft-row draft-row--summary">
          <span className="draft-badge">{t('templates.badge')}</span>
          <span className="draft-row__main">
            <span className="draft-row__payee" title={template.payee}>
              {template.payee}
            </span>
            <span className="draft-row__meta">
              {transfer
                ? t('templates.draft.transfer', {
                    from: account?.account.name ?? '',
                    to: toAccount?.account.name ?? '',
                  })
                : t('templates.draft.account', { account: account?.account.name ?? '' })}
            </span>
            <span className="draft-row__meta">
              {t('templates.draft.scheduled', { date: dateLabel(date, locale) })}
            </span>
          </span>
          <span className="draft-row__amount">
            <Money amount={template.value} currency={currency} />
          </span>
        </div>
        <p className="field__description">{t('templates.draft.notCounted')}</p>
        <DialogTextField
          actor={actor}
          field="amount"
          label={t('templates.draft.amount')}
          inputMode="decimal"
          autoFocus
        />
        <DialogDateField actor={actor} field="date" label={t('templates.draft.date')} />
        {transfer ? null : (
          <SplitsPart
            binding={{
              splits: fields.splits,
              errors: draftSplitErrors(fields, props, env, splitsError !== undefined),
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
            categories={categoryChoices(groups, template.splits, nameOf, {
              readyToAssign: t('transactions.editor.readyToAssignHelp'),
              uncategorized: t('transactions.editor.uncategorizedHelp'),
            })}
            currency={currency}
          />
        )}
        <div className="template-form__extra">
          <Button className="button button--quiet" onPress={() => act(skipOccurrence(props))}>
            {t('templates.draft.skip')}
          </Button>
          {backlog ? (
            <Button className="button button--quiet" onPress={() => act(skipThrough(props))}>
              {t('templates.draft.skipThrough')}
            </Button>
          ) : null}
        </div>
      </div>
    </FormDialog>
  )
}

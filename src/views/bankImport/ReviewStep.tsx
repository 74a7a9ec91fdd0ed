import { useSelector } from '@xstate/react'
import * as Schema from 'effect/Schema'
import { type FormEvent, useCallback, useMemo, useState } from 'react'
import {
  Button,
  FieldError,
  Form,
  Input,
  Label,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
} from 'react-aria-components'
import { useTranslation } from 'react-i18next'
import {
  PRESET_NAME_MAX,
  type ReviewRow,
  type StatusFilter,
  selectCanCommit,
  selectCanRemap,
  selectFile,
  selectFilter,
  selectPresetDraft,
  selectPresetFailed,
  selectPresetsRef,
  selectPresetWriting,
  selectReadEncoding,
  selectReadFormat,
  selectRereading,
  selectSavedPreset,
  selectShownInclusion,
  selectShownRows,
  selectSummary,
  selectWriteProblem,
  statusFilters,
} from '../../../machines/bankImport/index.ts'
import { categoryChoices } from '../../../machines/dialogs/transactionEditor/transactionEditor.selectors.ts'
import {
  selectAccounts,
  selectGroups,
  selectTransactionsLoadState,
} from '../../../machines/openBudget/index.ts'
import {
  selectIncomeDestinationId,
  selectTransactionById,
  selectUncategorizedId,
} from '../../../machines/openBudget/selectors/transactions.ts'
import type { RuleToAdd } from '../../../machines/payeeRules/index.ts'
import { CategoryId } from '../../../schemas/ids.ts'
import { useBudget, useBudgetRef } from '../../openBudget/OpenBudget.tsx'
import { useCategoryName } from '../month/names.ts'
import { encodingName, formatName } from './formats.ts'
import { PreviewList, type RowActions, type RowContext } from './PreviewList.tsx'

import { problemText } from './problemText.ts'
import { useRowFormat } from './rowFormat.ts'
import type { ImportRef } from './useImportActor.ts'

const isCategoryId = Schema.is(CategoryId)

/** "42 nowe, 3 duplikaty, 1 błąd, 2 oczekujące": only the kinds the file has. */
function Summary({ actor }: { readonly actor: ImportRef }) {
  const { t } = useTranslation()
  const summary = useSelector(actor, selectSummary)
  const parts = (['new', 'duplicate', 'error', 'pending'] as const)
    .filter((status) => summary[status] > 0)
    .map((status) => t(`bankImport.review.summary.${status}`, { count: summary[status] }))
  return (
    <p className="import-summary" role="status">
      {parts.length === 0 ? t('bankImport.review.summary.none') : parts.join(', ')}
    </p>
  )
}

function Filters({ actor }: { readonly actor: ImportRef }) {
  const { t } = useTranslation()
  const filter = useSelector(actor, selectFilter)
  const summary = useSelector(actor, selectSummary)
  const all = summary.new + summary.duplicate + summary.pending + summary.error
  const countOf = (status: StatusFilter) => (status === 'all' ? all : summary[status])
  return (
    <ToggleButtonGroup
      className="import-filters"
      aria-label={t('bankImport.review.filters.label')}
      selectionMode="single"
      disallowEmptySelection
      selectedKeys={[filter]}
      onSelectionChange={(keys) => {
        const [chosen] = [...keys]
        const next = statusFilters.find((status) => status === chosen)
        if (next !== undefined) actor.send({ type: 'rows.filter', filter: next })
      }}
    >
      {statusFilters
        .filter((status) => status === 'all' || countOf(status) > 0)
        .map((status) => (
          <ToggleButton key={status} id={status} className="import-filter">
            {t(`bankImport.review.filters.${status}`, { count: countOf(status) })}
          </ToggleButton>
        ))}
    </ToggleButtonGroup>
  )
}

/** "Zapisz jako ustawienie": the generic CSV's mapping under a name, for the next file from the same bank. */
function SavePreset({ actor }: { readonly actor: ImportRef }) {
  const { t } = useTranslation()
  const draft = useSelector(actor, selectPresetDraft)
  const presetsRef = useSelector(actor, selectPresetsRef)
  const [open, setOpen] = useState(false)
  const [name, setName] = useState('')
  const [tried, setTried] = useState(false)
  if (draft === null || presetsRef === undefined) return null
  const missing = name.trim() === ''
  const submit = (event: FormEvent) => {
    event.preventDefault()
    setTried(true)
    if (missing) return
    presetsRef.send({ type: 'presets.save', name, ...draft })
    setOpen(false)
    setName('')
    setTried(false)
  }
  return (
    <div className="import-save-preset">
      <PresetStatus presetsRef={presetsRef} />
      {open ? (
        <Form className="import-save-preset__form" validationBehavior="aria" onSubmit={submit}>
          <TextField
            className="field"
            value={name}
            onChange={setName}
            isInvalid={tried && missing}
            maxLength={PRESET_NAME_MAX}
            autoFocus
          >
            <Label className="field__label">{t('bankImport.review.presetName')}</Label>
            <Input className="field__input" placeholder={t('bankImport.review.presetNamePlaceholder')} />
            <FieldError className="field__error">{t('bankImport.review.presetNameRequired')}</FieldError>
          </TextField>
          <div className="import-actions">
            <Button className="button button--quiet" onPress={() => setOpen(false)}>
              {t('bankImport.cancel')}
            </Button>
            <Button className="button" type="submit">
              {t('bankImport.review.presetSave')}
            </Button>
          </div>
        </Form>
      ) : (
        <Button className="button button--quiet" onPress={() => setOpen(true)}>
          {t('bankImport.review.savePreset')}
        </Button>
      )}
    </div>
  )
}

function PresetStatus({
  presetsRef,
}: {
  readonly presetsRef: NonNullable<ReturnType<typeof selectPresetsRef>>
}) {
  const { t } = useTranslation()
  const writing = useSelector(presetsRef, selectPresetWriting)
  const failed = useSelector(presetsRef, selectPresetFailed)
  const saved = useSelector(presetsRef, selectSavedPreset)
  if (writing) return <p role="status">{t('bankImport.review.presetSaving')}</p>
  if (failed)
    return (
      <p className="notice notice--error" role="alert">
        {t('bankImport.review.presetFailed')}
      </p>
    )
  if (saved !== null) return <p role="status">{t('bankImport.review.presetSaved', { name: saved })}</p>
  return null
}

/** Everything a row needs from the open budget and the screen, made once per render of the list. */
const useRowContext = (actor: ImportRef, onRemember: (rule: RuleToAdd) => void): RowContext => {
  const { t } = useTranslation()
  const format = useRowFormat()
  const nameOf = useCategoryName()
  const groups = useBudget(selectGroups)
  const accounts = useBudget(selectAccounts)
  const incomeId = useBudget(selectIncomeDestinationId)
  const uncategorizedId = useBudget(selectUncategorizedId)
  const budgetRef = useBudgetRef()
  // Re-render once the transactions are in, so duplicates can name the transaction they match.
  const transactionsState = useBudget(selectTransactionsLoadState)
  const actions = useMemo(
    (): RowActions => ({
      include: (line, include) => actor.send({ type: 'row.include', line, include }),
      categorize: (line, categoryId) => {
        if (isCategoryId(categoryId)) actor.send({ type: 'row.category', line, categoryId })
      },
      asTransfer: (line, asTransfer) => actor.send({ type: 'row.transfer', line, asTransfer }),
      remember: (row) => {
        if (row.categoryId !== null)
          onRemember({ match: 'contains', text: row.payee, rename: null, categoryId: row.categoryId })
      },
    }),
    [actor, onRemember],
  )
  return useMemo((): RowContext => {
    const categories = categoryChoices(groups, [], nameOf, {
      readyToAssign: t('bankImport.review.readyToAssignHelp'),
      uncategorized: t('bankImport.review.uncategorizedHelp'),
    })
    const categoryNames = new Map(categories.map((choice) => [choice.id, choice.label]))
    const accountNames = new Map<string, string>(accounts.map(({ account }) => [account.id, account.name]))
    return {
      t,
      format,
      categories,
      categoryName: (id) => categoryNames.get(id) ?? '',
      fallbackCategory: (row) => (row.value !== null && row.value > 0 ? incomeId : uncategorizedId) ?? null,
      accountName: (id) => accountNames.get(id) ?? '',
      matched: (row) => {
        const id = row.duplicate?.transactionId
        if (id === null || id === undefined || transactionsState !== 'ready') return null
        const transaction = selectTransactionById(budgetRef.getSnapshot(), id)
        if (transaction === null) return null
        return t('bankImport.review.matched', {
          payee: transaction.payee,
          date: format.date(transaction.date),
          amount: format.amount(transaction.value),
        })
      },
      actions,
    }
  }, [t, format, groups, nameOf, accounts, incomeId, uncategorizedId, budgetRef, transactionsState, actions])
}

/** Step 3: every row with its status; the user includes, leaves out and categorizes, then imports. */
export function ReviewStep({
  actor,
  accountName,
  onOpenRules,
}: {
  readonly actor: ImportRef
  readonly accountName: string
  readonly onOpenRules: (add?: RuleToAdd) => void
}) {
  const { t } = useTranslation()
  const rows = useSelector(actor, selectShownRows)
  const summary = useSelector(actor, selectSummary)
  const inclusion = useSelector(actor, selectShownInclusion)
  const canCommit = useSelector(actor, selectCanCommit)
  const canRemap = useSelector(actor, selectCanRemap)
  const writeProblem = useSelector(actor, selectWriteProblem)
  const format = useSelector(actor, selectReadFormat)
  const encoding = useSelector(actor, selectReadEncoding)
  const file = useSelector(actor, selectFile)
  const rereading = useSelector(actor, selectRereading)
  const remember = useCallback((rule: RuleToAdd) => onOpenRules(rule), [onOpenRules])
  const context = useRowContext(actor, remember)
  const includable = rows.some((row: ReviewRow) => row.includable)
  return (
    <section className="import-step import-review" aria-labelledby="import-review-title">
      <div className="import-review__head">
        <h2 id="import-review-title" className="import-step__title">
          {t('bankImport.review.title')}
        </h2>
        <p className="import-muted">
          {t('bankImport.review.readAs', {
            file: file?.name ?? '',
            format: format === null ? '' : formatName(t, format),
            encoding: encoding === null ? '' : encodingName(encoding),
            account: accountName,
          })}
        </p>
        <Summary actor={actor} />
        {rereading ? (
          <p className="import-muted" role="status">
            {t('bankImport.review.rereading')}
          </p>
        ) : null}
      </div>
      {writeProblem === null ? null : (
        <div className="notice notice--error" role="alert">
          <p className="notice__title">{t('bankImport.problem.writeTitle')}</p>
          <p>{problemText(t, writeProblem)}</p>
        </div>
      )}
      <div className="import-toolbar">
        <Filters actor={actor} />
        <div className="import-toolbar__actions">
          {includable && inclusion.press !== null ? (
            <Button
              className="button button--quiet"
              onPress={() =>
                actor.send({ type: 'rows.includeShown', include: inclusion.press === 'include' })
              }
            >
              {inclusion.press === 'include'
                ? t('bankImport.review.includeShown')
                : t('bankImport.review.excludeShown')}
            </Button>
          ) : null}
          <Button className="button button--quiet" onPress={() => onOpenRules()}>
            {t('bankImport.review.rules')}
          </Button>
          <Button className="button button--quiet" onPress={() => actor.send({ type: 'import.back' })}>
            {t('bankImport.review.back')}
          </Button>
          {canRemap ? (
            <Button className="button button--quiet" onPress={() => actor.send({ type: 'import.remap' })}>
              {t('bankImport.review.remap')}
            </Button>
          ) : null}
        </div>
      </div>
      <PreviewList
        rows={rows}
        context={context}
        inclusion={{
          ...inclusion,
          set: (include) => actor.send({ type: 'rows.includeShown', include }),
        }}
      />
      <SavePreset actor={actor} />
      <div className="import-actions import-actions--end import-review__actions">
        {summary.includedDuplicates === 0 ? null : (
          <p className="import-review__warning" id="import-commit-duplicates">
            {t('bankImport.review.commitDuplicates', { count: summary.includedDuplicates })}
          </p>
        )}
        <Button
          {...(summary.includedDuplicates === 0 ? {} : { 'aria-describedby': 'import-commit-duplicates' })}
          className="button button--primary"
          isDisabled={!canCommit}
          onPress={() => actor.send({ type: 'import.commit' })}
        >
          {summary.included === 0
            ? t('bankImport.review.commitNone')
            : t('bankImport.review.commit', { count: summary.included })}
        </Button>
      </div>
    </section>
  )
}

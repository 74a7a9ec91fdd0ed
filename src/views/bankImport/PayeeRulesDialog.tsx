import './texts.ts'
import './bankImport.css'
import { useActorRef, useSelector } from '@xstate/react'
import * as Schema from 'effect/Schema'
import { useEffect, useMemo, useRef } from 'react'
import { Button, Input, Label, TextField } from 'react-aria-components'
import { useTranslation } from 'react-i18next'
import { categoryChoices } from '../../../machines/dialogs/transactionEditor/transactionEditor.selectors.ts'
import { selectGroups } from '../../../machines/openBudget/index.ts'
import {
  type PayeeRulesEvent,
  payeeRulesMachine,
  type RuleDraft,
  type RuleToAdd,
  selectAddedRule,
  selectDrafts,
  selectRuleProblem,
  selectRulesChanged,
  selectRulesLoadState,
  selectRulesSaved,
  selectRulesSaveFailed,
  selectRulesSaving,
} from '../../../machines/payeeRules/index.ts'
import { CategoryId } from '../../../schemas/ids.ts'
import { useLoadApi } from '../../api/ApiContext.tsx'
import { ChoiceSelect, DialogFrame } from '../../components/dialog/FormDialog.tsx'
import { useBudget } from '../../openBudget/OpenBudget.tsx'
import { createPayeeRulesPort } from '../../ports/bankImportPort.ts'
import { useCategoryName } from '../month/names.ts'

// react-aria keys cannot be empty: "no category" travels as this key.
const NONE = '__none__'
const isCategoryId = Schema.is(CategoryId)

type RulesRef = ReturnType<typeof useActorRef<typeof payeeRulesMachine>>

function RuleRow({
  rules,
  rule,
  index,
  count,
  categories,
}: {
  readonly rules: RulesRef
  readonly rule: RuleDraft
  readonly index: number
  readonly count: number
  readonly categories: ReadonlyArray<{ readonly id: string; readonly label: string }>
}) {
  const { t } = useTranslation()
  const problem = useSelector(rules, (snapshot) => selectRuleProblem(snapshot, rule.id))
  const added = useSelector(rules, selectAddedRule)
  const firstField = useRef<HTMLInputElement>(null)
  useEffect(() => {
    if (added === rule.id) firstField.current?.focus()
  }, [added, rule.id])
  const send = (event: PayeeRulesEvent) => rules.send(event)
  const change = (patch: Partial<Omit<RuleDraft, 'id'>>) =>
    send({ type: 'rules.change', id: rule.id, change: patch })
  const name = rule.text.trim() === '' ? t('bankImport.rules.ruleLabel', { n: index + 1 }) : rule.text
  return (
    <li className="rule" aria-label={t('bankImport.rules.ruleLabel', { n: index + 1 })}>
      <div className="rule__fields">
        <ChoiceSelect
          className="field rule__match"
          label={t('bankImport.rules.match')}
          value={rule.match}
          choices={[
            { id: 'contains', label: t('bankImport.rules.matches.contains') },
            { id: 'equals', label: t('bankImport.rules.matches.equals') },
          ]}
          error=""
          onChange={(id) => change({ match: id === 'equals' ? 'equals' : 'contains' })}
        />
        <TextField
          className="field rule__text"
          value={rule.text}
          onChange={(text) => change({ text })}
          isInvalid={problem === 'textRequired' || problem === 'textTooLong'}
        >
          <Label className="field__label">{t('bankImport.rules.text')}</Label>
          <Input ref={firstField} className="field__input" />
        </TextField>
        <TextField
          className="field rule__rename"
          value={rule.rename}
          onChange={(rename) => change({ rename })}
          isInvalid={problem === 'renameTooLong'}
        >
          <Label className="field__label">{t('bankImport.rules.rename')}</Label>
          <Input className="field__input" placeholder={t('bankImport.rules.renameNone')} />
        </TextField>
        <ChoiceSelect
          className="field rule__category"
          label={t('bankImport.rules.category')}
          value={rule.categoryId ?? NONE}
          choices={[{ id: NONE, label: t('bankImport.rules.categoryNone') }, ...categories]}
          error=""
          onChange={(id) => change({ categoryId: isCategoryId(id) && id !== NONE ? id : null })}
        />
      </div>
      {problem === null ? null : (
        <p className="field__error" role="alert">
          {t(`bankImport.rules.problems.${problem}`)}
        </p>
      )}
      <div className="rule__actions">
        <Button
          className="button button--quiet"
          isDisabled={index === 0}
          aria-label={t('bankImport.rules.upFor', { name })}
          onPress={() => send({ type: 'rules.move', id: rule.id, by: -1 })}
        >
          {t('bankImport.rules.up')}
        </Button>
        <Button
          className="button button--quiet"
          isDisabled={index === count - 1}
          aria-label={t('bankImport.rules.downFor', { name })}
          onPress={() => send({ type: 'rules.move', id: rule.id, by: 1 })}
        >
          {t('bankImport.rules.down')}
        </Button>
        <Button
          className="button button--quiet"
          aria-label={t('bankImport.rules.removeFor', { name })}
          onPress={() => send({ type: 'rules.remove', id: rule.id })}
        >
          {t('bankImport.rules.remove')}
        </Button>
      </div>
    </li>
  )
}

function RulesBody({ rules }: { readonly rules: RulesRef }) {
  const { t } = useTranslation()
  const nameOf = useCategoryName()
  const groups = useBudget(selectGroups)
  const load = useSelector(rules, selectRulesLoadState)
  const drafts = useSelector(rules, selectDrafts)
  const categories = useMemo(
    () =>
      categoryChoices(groups, [], nameOf, {
        readyToAssign: t('bankImport.review.readyToAssignHelp'),
        uncategorized: t('bankImport.review.uncategorizedHelp'),
      }).map(({ id, label }) => ({ id, label })),
    [groups, nameOf, t],
  )
  if (load === 'loading') return <p role="status">{t('bankImport.rules.loading')}</p>
  if (load === 'failed')
    return (
      <div className="notice notice--error" role="alert">
        <p>{t('bankImport.rules.failed')}</p>
        <Button className="button button--quiet" onPress={() => rules.send({ type: 'rules.retry' })}>
          {t('bankImport.retry')}
        </Button>
      </div>
    )
  return (
    <>
      {drafts.length === 0 ? (
        <p className="import-muted">{t('bankImport.rules.empty')}</p>
      ) : (
        <ol className="rules">
          {drafts.map((rule, index) => (
            <RuleRow
              key={rule.id}
              rules={rules}
              rule={rule}
              index={index}
              count={drafts.length}
              categories={categories}
            />
          ))}
        </ol>
      )}
      <Button
        className="button button--quiet import-add-rule"
        onPress={() => rules.send({ type: 'rules.add' })}
      >
        {t('bankImport.rules.add')}
      </Button>
    </>
  )
}

function SaveStatus({ rules }: { readonly rules: RulesRef }) {
  const { t } = useTranslation()
  const saving = useSelector(rules, selectRulesSaving)
  const failed = useSelector(rules, selectRulesSaveFailed)
  const saved = useSelector(rules, selectRulesSaved)
  const load = useSelector(rules, selectRulesLoadState)
  if (load !== 'ready') return null
  if (saving) return <p role="status">{t('bankImport.rules.saving')}</p>
  if (failed)
    return (
      <p className="notice notice--error" role="alert">
        {t('bankImport.rules.saveFailed')}
      </p>
    )
  return saved ? <p role="status">{t('bankImport.rules.saved')}</p> : null
}

/**
 * The payee rules editor: payee contains/equals a text → a new name and/or a category; the first rule that matches
 * wins. Opened from the import preview (a rule to remember is added and saved at once) and from budget settings.
 */
export default function PayeeRulesDialog({
  budgetId,
  add,
  onClosed,
}: {
  readonly budgetId: string
  readonly add?: RuleToAdd | null
  readonly onClosed: () => void
}) {
  const { t } = useTranslation()
  const loadApi = useLoadApi()
  const port = useMemo(() => createPayeeRulesPort(loadApi, budgetId), [loadApi, budgetId])
  const rules = useActorRef(payeeRulesMachine, {
    input: { port, ...(add === undefined || add === null ? {} : { add }) },
  })
  const changed = useSelector(rules, selectRulesChanged)
  const saving = useSelector(rules, selectRulesSaving)
  const load = useSelector(rules, selectRulesLoadState)
  return (
    <DialogFrame title={t('bankImport.rules.title')} onDismiss={onClosed} modalClassName="modal--wide">
      <p className="import-muted">{t('bankImport.rules.intro')}</p>
      <RulesBody rules={rules} />
      <SaveStatus rules={rules} />
      <div className="dialog__actions">
        {changed ? (
          <Button className="button button--quiet" onPress={() => rules.send({ type: 'rules.discard' })}>
            {t('bankImport.rules.discard')}
          </Button>
        ) : null}
        <Button className="button button--quiet" onPress={onClosed}>
          {t('bankImport.rules.close')}
        </Button>
        <Button
          className="button button--primary"
          isDisabled={load !== 'ready' || !changed}
          isPending={saving}
          onPress={() => rules.send({ type: 'rules.save' })}
        >
          {t('bankImport.rules.save')}
        </Button>
      </div>
    </DialogFrame>
  )
}

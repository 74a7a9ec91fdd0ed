import { useSelector } from '@xstate/react'
import { Button, Checkbox, Form, Label, Radio, RadioGroup } from 'react-aria-components'
import { useTranslation } from 'react-i18next'
import {
  accountChoices,
  categoryChoices,
  directionOf,
  selectCanDelete,
  selectDeleteConfirmRef,
  selectInTrackingAccount,
  selectIsAdding,
  selectIsReconciled,
  selectIsSubmittingTransaction,
  selectOriginalSplits,
  selectTransactionErrors,
  selectTransactionFields,
  selectTransactionRefusalKey,
  type TransactionFormRef,
} from '../../../../machines/dialogs/transactionEditor/index.ts'
import { selectAccounts, selectBudget, selectGroups } from '../../../../machines/openBudget/index.ts'
import { BankAccountId } from '../../../../schemas/ids.ts'
import { CurrencyCode } from '../../../../schemas/money.ts'
import { DiscardConfirm } from '../../../components/dialog/DiscardConfirm.tsx'
import { ChoiceSelect } from '../../../components/dialog/FormDialog.tsx'
import { useBudget } from '../../../openBudget/OpenBudget.tsx'
import { useCategoryName } from '../../month/names.ts'
import { DateField } from './DateField.tsx'
import { DeleteConfirm } from './DeleteConfirm.tsx'
import { EditorFrame } from './EditorFrame.tsx'
import type { EditorRef } from './editorRef.ts'
import { errorText } from './errorText.ts'
import { PayeeField } from './PayeeField.tsx'
import { Splits } from './Splits.tsx'
import { TextInput } from './TextInput.tsx'

const PLN = CurrencyCode.make('PLN')

/** The form: add or edit one transaction; an edited one can be deleted after SPEC's confirm. */
export function EditorForm({
  editor,
  form,
}: {
  readonly editor: EditorRef
  readonly form: TransactionFormRef
}) {
  const { t } = useTranslation()
  const nameOf = useCategoryName()
  const accounts = useBudget(selectAccounts)
  const groups = useBudget(selectGroups)
  const currency = useBudget(selectBudget)?.currency ?? PLN
  const adding = useSelector(editor, selectIsAdding)
  const reconciled = useSelector(editor, selectIsReconciled)
  const canDelete = useSelector(editor, selectCanDelete)
  const originalSplits = useSelector(editor, selectOriginalSplits)
  const deleteConfirm = useSelector(editor, selectDeleteConfirmRef)
  const refusalKey = useSelector(form, selectTransactionRefusalKey)
  const submitting = useSelector(form, selectIsSubmittingTransaction)
  const bankAccountId = useSelector(form, (snapshot) => selectTransactionFields(snapshot).bankAccountId)
  const direction = useSelector(form, (snapshot) => selectTransactionFields(snapshot).direction)
  const cleared = useSelector(form, (snapshot) => selectTransactionFields(snapshot).cleared)
  const inTracking = useSelector(form, selectInTrackingAccount)
  const accountError = useSelector(form, (snapshot) => selectTransactionErrors(snapshot).fields.bankAccountId)
  const cancel = () => form.send({ type: 'dialog.cancel' })

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
          form.send({ type: 'dialog.submit' })
        }}
      >
        {reconciled ? <p className="notice tx-notice">{t('transactions.editor.reconciledNote')}</p> : null}
        <ChoiceSelect
          label={t('transactions.editor.account')}
          value={bankAccountId}
          choices={accountChoices(accounts, bankAccountId)}
          onChange={(id) =>
            form.send({ type: 'form.change', field: 'bankAccountId', value: BankAccountId.make(id) })
          }
          error={errorText(t, accountError)}
        />
        <RadioGroup
          className="field tx-direction"
          orientation="horizontal"
          value={direction}
          onChange={(value) =>
            form.send({ type: 'form.change', field: 'direction', value: directionOf(value) })
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
          form={form}
          field="amount"
          label={t('transactions.editor.amount')}
          inputMode="decimal"
          autoFocus={adding}
        />
        <DateField form={form} accounts={accounts} />
        <PayeeField form={form} />
        {inTracking ? (
          // A tracking (off-budget) account's transactions carry no category: said where the category would be.
          <p className="field__description tx-offbudget-note">{t('transactions.editor.offBudgetNote')}</p>
        ) : (
          <Splits
            form={form}
            categories={categoryChoices(groups, originalSplits, nameOf, {
              readyToAssign: t('transactions.editor.readyToAssignHelp'),
              uncategorized: t('transactions.editor.uncategorizedHelp'),
            })}
            currency={currency}
          />
        )}
        <TextInput form={form} field="memo" label={t('transactions.editor.memo')} />
        <Checkbox
          className="tx-checkbox"
          isSelected={cleared}
          onChange={(value) => form.send({ type: 'form.change', field: 'cleared', value })}
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
          {canDelete ? (
            <Button
              className="button button--danger tx-editor__delete"
              onPress={() => editor.send({ type: 'delete.ask' })}
            >
              {t('transactions.delete.button')}
            </Button>
          ) : null}
          <Button className="button button--quiet" onPress={cancel}>
            {t('dialog.cancel')}
          </Button>
          <Button className="button button--primary" type="submit" isPending={submitting}>
            {t('dialog.save')}
          </Button>
        </div>
      </Form>
      {deleteConfirm === undefined ? null : <DeleteConfirm actor={deleteConfirm} />}
      <DiscardConfirm actor={form} />
    </EditorFrame>
  )
}

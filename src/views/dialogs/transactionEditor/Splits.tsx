import { useSelector } from '@xstate/react'
import { Button, FieldError, Input, Label, TextField } from 'react-aria-components'
import { useTranslation } from 'react-i18next'
import {
  type Choice,
  selectCanRemoveSplit,
  selectHasSeveralSplits,
  selectSplitRemainder,
  selectTransactionErrors,
  selectTransactionFields,
  type TransactionFormRef,
} from '../../../../machines/dialogs/transactionEditor/index.ts'
import { CategoryId } from '../../../../schemas/ids.ts'
import type { CurrencyCode } from '../../../../schemas/money.ts'
import { ChoiceSelect } from '../../../components/dialog/FormDialog.tsx'
import { Money } from '../../../components/money/Money.tsx'
import { errorText } from './errorText.ts'

/** The category, or several splits (each a category and an amount) that must add up to the amount. */
export function Splits({
  form,
  categories,
  currency,
}: {
  readonly form: TransactionFormRef
  readonly categories: ReadonlyArray<Choice>
  readonly currency: CurrencyCode
}) {
  const { t } = useTranslation()
  const splits = useSelector(form, (snapshot) => selectTransactionFields(snapshot).splits)
  const errors = useSelector(form, selectTransactionErrors)
  const remainder = useSelector(form, selectSplitRemainder)
  const canRemove = useSelector(form, selectCanRemoveSplit)
  const several = useSelector(form, selectHasSeveralSplits)
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
                form.send({ type: 'split.setCategory', index, categoryId: CategoryId.make(id) })
              }
              error={errorText(t, splitErrors?.categoryId)}
            />
            {several ? (
              <TextField
                className="field"
                value={split.amount}
                inputMode="decimal"
                onChange={(amount) => form.send({ type: 'split.setAmount', index, amount })}
                isInvalid={splitErrors?.amount !== undefined}
              >
                <Label className="field__label">
                  {t('transactions.editor.splitAmount', { n: index + 1 })}
                </Label>
                <Input className="field__input" />
                <FieldError className="field__error">{errorText(t, splitErrors?.amount)}</FieldError>
              </TextField>
            ) : null}
            {canRemove ? (
              <Button
                className="button button--quiet tx-split__remove"
                onPress={() => form.send({ type: 'split.remove', index })}
              >
                {t('transactions.editor.removeSplit', { n: index + 1 })}
              </Button>
            ) : null}
          </div>
        )
      })}
      {remainder === null ? null : (
        <p className="field__description">
          {t('transactions.editor.remainder')} <Money amount={remainder} currency={currency} />
        </p>
      )}
      {errors.fields.splits === undefined ? null : (
        <p className="field__error" role="alert">
          {errorText(t, errors.fields.splits)}
        </p>
      )}
      <Button className="button button--quiet" onPress={() => form.send({ type: 'split.add' })}>
        {several ? t('transactions.editor.addSplit') : t('transactions.editor.split')}
      </Button>
    </fieldset>
  )
}

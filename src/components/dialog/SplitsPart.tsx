import { Button, FieldError, Input, Label, TextField } from 'react-aria-components'
import { useTranslation } from 'react-i18next'
import type { FieldError as FieldErrorValue } from '../../../machines/dialogs/shared/index.ts'
import type { SplitErrors, SplitField } from '../../../machines/dialogs/shared/splits.ts'
import { CategoryId } from '../../../schemas/ids.ts'
import type { CurrencyCode, Minor } from '../../../schemas/money.ts'
import { Money } from '../money/Money.tsx'
import { selectAllOnEntry } from '../money/selectAllOnFocus.ts'
import { type Choice, ChoiceSelect } from './FormDialog.tsx'

/** What the split part shows and how it reports edits; each form binds it to its own machine. */
export type SplitsBinding = {
  readonly splits: ReadonlyArray<SplitField>
  readonly errors: ReadonlyArray<SplitErrors>
  readonly sumError: FieldErrorValue | undefined
  readonly remainder: Minor | null
  readonly canRemove: boolean
  readonly add: () => void
  readonly remove: (index: number) => void
  readonly setCategory: (index: number, categoryId: CategoryId) => void
  readonly setAmount: (index: number, amount: string) => void
}

/**
 * The category, or several splits (each a category and an amount) that must add up to the amount: the one split
 * part of every money form (transaction editor, recurring template, a draft's confirmation). Texts are the
 * transaction editor's (the transactions area).
 */
export function SplitsPart({
  binding,
  categories,
  currency,
}: {
  readonly binding: SplitsBinding
  readonly categories: ReadonlyArray<Choice>
  readonly currency: CurrencyCode
}) {
  const { t } = useTranslation()
  const { splits, errors, sumError, remainder, canRemove } = binding
  const several = splits.length > 1
  const text = (error: FieldErrorValue | undefined) =>
    error === undefined ? '' : t(error.key, error.params ?? {})
  return (
    <fieldset className="tx-splits">
      {several ? (
        <legend className="field__label">{t('transactions.editor.splits', { count: splits.length })}</legend>
      ) : null}
      {splits.map((split, index) => {
        const splitErrors = errors[index]
        return (
          // Splits have no ids; their order is their identity while the dialog is open.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above.
          <div className={several ? 'tx-split' : 'tx-split tx-split--single'} key={index}>
            <ChoiceSelect
              label={
                several
                  ? t('transactions.editor.splitCategory', { n: index + 1 })
                  : t('transactions.editor.category')
              }
              value={split.categoryId}
              choices={categories}
              onChange={(id) => binding.setCategory(index, CategoryId.make(id))}
              error={text(splitErrors?.categoryId)}
            />
            {several ? (
              <TextField
                className="field"
                value={split.amount}
                inputMode="decimal"
                onChange={(amount) => binding.setAmount(index, amount)}
                isInvalid={splitErrors?.amount !== undefined}
              >
                <Label className="field__label">
                  {t('transactions.editor.splitAmount', { n: index + 1 })}
                </Label>
                <Input className="field__input" {...selectAllOnEntry} />
                <FieldError className="field__error">{text(splitErrors?.amount)}</FieldError>
              </TextField>
            ) : null}
            {canRemove ? (
              <Button className="button button--quiet tx-split__remove" onPress={() => binding.remove(index)}>
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
      {sumError === undefined ? null : (
        <p className="field__error" role="alert">
          {text(sumError)}
        </p>
      )}
      <Button className="button button--quiet" onPress={binding.add}>
        {several ? t('transactions.editor.addSplit') : t('transactions.editor.split')}
      </Button>
    </fieldset>
  )
}

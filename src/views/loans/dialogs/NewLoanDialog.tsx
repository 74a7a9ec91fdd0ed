import { useSelector } from '@xstate/react'
import { useEffect, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { selectFields } from '../../../../machines/dialogs/shared/index.ts'
import {
  installmentsOf,
  type NewLoanFields,
  newLoanMachine,
  selectWrittenLoan,
} from '../../../../machines/loans/index.ts'
import { selectGroups } from '../../../../machines/openBudget/index.ts'
import { selectAccountsOverview } from '../../../../machines/openBudget/selectors/accounts.ts'
import type { Loan } from '../../../../schemas/loans.ts'
import {
  type Choice,
  DialogDateField,
  DialogSelectField,
  DialogTextField,
  FormDialog,
} from '../../../components/dialog/FormDialog.tsx'
import { useBudget } from '../../../openBudget/OpenBudget.tsx'
import { asFormRef, useLoanForm } from './useLoanForm.ts'

/** "Nowy kredyt": the terms as the bank's agreement states them, and where its balance and installments go. */
export function NewLoanDialog({
  budgetId,
  onClosed,
  onCreated,
}: {
  readonly budgetId: string
  readonly onClosed: () => void
  readonly onCreated: (loan: Loan) => void
}) {
  const { t } = useTranslation()
  const props = useMemo(() => ({ categoryGroupName: t('loans.categoryGroupName') }), [t])
  const actor = useLoanForm(newLoanMachine, budgetId, props)
  const form = asFormRef<NewLoanFields>(actor)
  const fields = useSelector(actor, selectFields<NewLoanFields>)
  const written = useSelector(actor, selectWrittenLoan)
  const accounts = useBudget(selectAccountsOverview).open
  const groups = useBudget(selectGroups)
  useEffect(() => {
    if (written !== null) onCreated(written)
  }, [written, onCreated])
  const installments = installmentsOf(fields)
  const types: ReadonlyArray<Choice> = [
    {
      id: 'Constant',
      label: t('loans.paymentType.Constant'),
      description: t('loans.paymentType.ConstantHint'),
    },
    {
      id: 'Decreasing',
      label: t('loans.paymentType.Decreasing'),
      description: t('loans.paymentType.DecreasingHint'),
    },
  ]
  const links: ReadonlyArray<Choice> = [
    { id: 'own', label: t('loans.new.linkOwn'), description: t('loans.new.linkOwnHint') },
    { id: 'existing', label: t('loans.new.linkExisting'), description: t('loans.new.linkExistingHint') },
  ]
  const accountChoices = accounts.map(({ account }) => ({ id: account.id, label: account.name }))
  const categoryChoices = groups.flatMap(({ group, categories }) =>
    categories.map((category) => ({ id: category.id, label: `${group.name}: ${category.name}` })),
  )
  return (
    <FormDialog
      actor={form}
      title={t('loans.new.title')}
      submitLabel={t('loans.new.submit')}
      onClosed={onClosed}
    >
      <DialogTextField actor={form} field="name" label={t('loans.field.name')} autoFocus />
      <DialogTextField
        actor={form}
        field="principal"
        label={t('loans.field.principal')}
        inputMode="decimal"
      />
      <DialogTextField
        actor={form}
        field="annualRate"
        label={t('loans.field.annualRate')}
        description={t('loans.field.annualRateHint')}
        inputMode="decimal"
      />
      <fieldset className="loans-form__term">
        <legend className="field__label">{t('loans.field.term')}</legend>
        <div className="loans-form__pair">
          <DialogTextField actor={form} field="years" label={t('loans.field.years')} inputMode="decimal" />
          <DialogTextField actor={form} field="months" label={t('loans.field.months')} inputMode="decimal" />
        </div>
        <p className="field__description" aria-live="polite">
          {installments === null
            ? t('loans.field.termHint')
            : t('loans.field.installmentsCount', { count: installments })}
        </p>
      </fieldset>
      <DialogSelectField
        actor={form}
        field="paymentType"
        label={t('loans.field.paymentType')}
        choices={types}
      />
      <DialogDateField actor={form} field="firstPaymentDate" label={t('loans.field.firstPaymentDate')} />
      <DialogDateField
        actor={form}
        field="disbursementDate"
        label={t('loans.field.disbursementDate')}
        description={t('loans.field.optional')}
      />
      <DialogSelectField actor={form} field="link" label={t('loans.field.link')} choices={links} />
      {fields.link === 'existing' ? (
        <>
          <DialogSelectField
            actor={form}
            field="bankAccountId"
            label={t('loans.field.bankAccount')}
            choices={accountChoices}
          />
          <DialogSelectField
            actor={form}
            field="categoryId"
            label={t('loans.field.category')}
            choices={categoryChoices}
          />
        </>
      ) : null}
    </FormDialog>
  )
}

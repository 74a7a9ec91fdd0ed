import './texts.ts'
import './templates.css'
import { useState } from 'react'
import { Button } from 'react-aria-components'
import { useTranslation } from 'react-i18next'
import { skipOccurrence } from '../../../machines/dialogs/transactionDraft/transactionDraft.selectors.ts'
import { type OccurrenceItem, selectAccountDrafts } from '../../../machines/openBudget/selectors/templates.ts'
import type { BankAccountId } from '../../../schemas/ids.ts'
import type { CurrencyCode } from '../../../schemas/money.ts'
import { Money, useFormatAmount } from '../../components/money/Money.tsx'
import { useBudget, useBudgetRef, useEditGate, usePermissions } from '../../openBudget/OpenBudget.tsx'
import { dateLabel, todayIso } from '../accounts/shared.tsx'
import { useOpenDialog } from '../dialogs/useDialog.ts'
import { useCategoryName } from '../month/names.ts'

/**
 * The register's drafts: due occurrences of recurring transactions, above the transactions and apart from them
 * (they count in no balance until confirmed). Each confirms in its dialog (amount, date and splits editable) or
 * is skipped here.
 */
export function DraftsSection({
  bankAccountId,
  currency,
}: {
  readonly bankAccountId: BankAccountId | undefined
  readonly currency: CurrencyCode
}) {
  const { t } = useTranslation()
  const drafts = useBudget((snapshot) => selectAccountDrafts(snapshot, todayIso(), bankAccountId))
  if (drafts.length === 0) return null
  return (
    <section className="drafts-section" aria-labelledby="drafts-title">
      <h3 id="drafts-title" className="drafts-section__title">
        {t('templates.register.title')}
      </h3>
      <ul className="draft-list">
        {drafts.map((item) => (
          <DraftRow key={`${item.template.id}|${item.date}`} item={item} currency={currency} />
        ))}
      </ul>
    </section>
  )
}

function DraftRow({ item, currency }: { readonly item: OccurrenceItem; readonly currency: CurrencyCode }) {
  const { t, i18n } = useTranslation()
  const budget = useBudgetRef()
  const openDialog = useOpenDialog()
  const { template, date } = item
  const label = dateLabel(date, i18n.resolvedLanguage ?? 'pl')
  const format = useFormatAmount(currency)
  const nameOf = useCategoryName()
  // Where the money goes, as the register's rows say it: the category, "Podział", or the transfer's account.
  const [only, ...others] = template.splits
  const toAccount = useBudget((snapshot) =>
    template.toBankAccountId === null
      ? null
      : (snapshot.context.state.accounts.get(template.toBankAccountId) ?? null),
  )
  const category = useBudget((snapshot) =>
    only === undefined ? null : (snapshot.context.state.categories.get(only.categoryId) ?? null),
  )
  const where =
    template.toBankAccountId !== null
      ? t('templates.register.transferTo', { account: toAccount?.name ?? '' })
      : others.length > 0
        ? t('templates.register.split')
        : nameOf(category ?? undefined)
  const open = () => openDialog({ kind: 'transactionDraft', templateId: template.id, date })
  // There is no un-skip: ask first, like deleting a recurring transaction.
  const [confirming, setConfirming] = useState(false)
  const { canEdit } = usePermissions()
  const gate = useEditGate()
  return (
    <li
      className="draft-row"
      aria-label={t('templates.register.row', {
        payee: template.payee,
        date: label,
        amount: format(template.value),
      })}
    >
      <span className="draft-badge">{t('templates.badge')}</span>
      <span className="draft-row__main">
        <Button
          className="draft-row__payee draft-row__open"
          aria-label={t('templates.register.open', {
            payee: `${template.payee} ${label}`,
          })}
          onPress={open}
          {...gate}
        >
          {template.payee}
        </Button>
        <span className="draft-row__meta">
          {where === '' ? label : t('templates.register.meta', { date: label, where })}
        </span>
      </span>
      <span className="draft-row__amount">
        <Money amount={template.value} currency={currency} />
      </span>
      {!canEdit ? null : confirming ? (
        <span className="draft-row__actions" role="alert">
          <span className="draft-row__question">
            {t('templates.register.skipQuestion', { payee: template.payee, date: label })}
          </span>
          <Button
            className="button button--danger"
            onPress={() =>
              budget.send({ type: 'budget.command', commands: [skipOccurrence({ template, date })] })
            }
          >
            {t('templates.register.skipConfirm')}
          </Button>
          <Button className="button button--quiet" onPress={() => setConfirming(false)}>
            {t('templates.register.cancel')}
          </Button>
        </span>
      ) : (
        <span className="draft-row__actions">
          <Button className="button button--primary" onPress={open}>
            {t('templates.register.confirm')}
          </Button>
          <Button className="button button--quiet" onPress={() => setConfirming(true)}>
            {t('templates.register.skip')}
          </Button>
        </span>
      )}
    </li>
  )
}

import './texts.ts'
import './templates.css'
import { Button } from 'react-aria-components'
import { useTranslation } from 'react-i18next'
import { selectCategoryOccurrences } from '../../../machines/openBudget/selectors/templates.ts'
import type { CategoryId } from '../../../schemas/ids.ts'
import type { CurrencyCode, PeriodKey } from '../../../schemas/money.ts'
import { Money } from '../../components/money/Money.tsx'
import { useBudget, useEditGate } from '../../openBudget/OpenBudget.tsx'
import { dateLabel, todayIso } from '../accounts/shared.tsx'
import { useOpenDialog } from '../dialogs/useDialog.ts'
import { ManageTemplatesLink } from './ManageTemplatesLink.tsx'

/**
 * The category inspector's "Nadchodzące": its drafts (to confirm) and its recurring transactions still to come in
 * the month, with "Dodaj cykliczną" preset to the category.
 */
export function UpcomingSection({
  categoryId,
  periodKey,
  currency,
}: {
  readonly categoryId: CategoryId
  readonly periodKey: PeriodKey
  readonly currency: CurrencyCode
}) {
  const { t, i18n } = useTranslation()
  const locale = i18n.resolvedLanguage ?? 'pl'
  const openDialog = useOpenDialog()
  const items = useBudget((snapshot) =>
    selectCategoryOccurrences(snapshot, categoryId, periodKey, todayIso()),
  )
  const headingId = `upcoming-${categoryId}`
  const gate = useEditGate()
  return (
    <section className="category-section" aria-labelledby={headingId}>
      <h3 id={headingId} className="category-section__title">
        {t('templates.category.title')}
      </h3>
      {items.length === 0 ? (
        <p className="category-empty">{t('templates.category.empty')}</p>
      ) : (
        <ul className="upcoming-list">
          {items.map((item) => {
            const draft = item.status === 'Draft'
            const label = `${item.template.payee} ${dateLabel(item.date, locale)}`
            return (
              <li key={`${item.template.id}|${item.date}`} className="upcoming-item">
                <span className={draft ? 'draft-badge' : 'draft-badge draft-badge--upcoming'}>
                  {t(`templates.status.${item.status}`)}
                </span>
                <Button
                  {...gate}
                  className="upcoming-item__open"
                  // The name holds the visible "payee date", so voice control finds it by what it shows.
                  aria-label={t(draft ? 'templates.register.open' : 'templates.category.edit', {
                    payee: label,
                  })}
                  onPress={() =>
                    openDialog(
                      draft
                        ? {
                            kind: 'transactionDraft',
                            templateId: item.template.id,
                            date: item.date,
                            categoryId,
                          }
                        : { kind: 'transactionTemplate', templateId: item.template.id },
                    )
                  }
                >
                  <span className="upcoming-item__payee">{item.template.payee}</span>{' '}
                  <span className="upcoming-item__date">{dateLabel(item.date, locale)}</span>
                </Button>
                <Money amount={item.template.value} currency={currency} />
              </li>
            )
          })}
        </ul>
      )}
      <div className="category-actions">
        <Button
          className="button button--quiet"
          onPress={() => openDialog({ kind: 'transactionTemplate', categoryId })}
        >
          {t('templates.category.add')}
        </Button>
        <ManageTemplatesLink periodKey={periodKey} />
      </div>
    </section>
  )
}

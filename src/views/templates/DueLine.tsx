import './texts.ts'
import './templates.css'
import { useId, useState } from 'react'
import { Button } from 'react-aria-components'
import { useTranslation } from 'react-i18next'
import { selectDueBeforeIncome } from '../../../machines/openBudget/selectors/templates.ts'
import type { CurrencyCode, PeriodKey } from '../../../schemas/money.ts'
import { Money } from '../../components/money/Money.tsx'
import { useBudget } from '../../openBudget/OpenBudget.tsx'
import { dateLabel, todayIso } from '../accounts/shared.tsx'
import { ManageTemplatesLink } from './ManageTemplatesLink.tsx'

/**
 * The month's one line of what recurring bills are due before the next income (the next occurrence of an inflow
 * template; without one, by the month's end), the list on demand. Nothing when nothing is due.
 */
export function DueLine({
  currency,
  periodKey,
}: {
  readonly currency: CurrencyCode
  readonly periodKey: PeriodKey
}) {
  const { t, i18n } = useTranslation()
  const locale = i18n.resolvedLanguage ?? 'pl'
  const listId = useId()
  const [open, setOpen] = useState(false)
  const due = useBudget((snapshot) => selectDueBeforeIncome(snapshot, todayIso()))
  if (due.items.length === 0) return null
  return (
    <section
      className="due-line"
      aria-label={t('templates.month.listLabel', { date: dateLabel(due.until, locale) })}
    >
      <p className="due-line__summary">
        <span>
          {due.incomeDate === null ? t('templates.month.dueThisMonth') : t('templates.month.dueBeforeIncome')}{' '}
          <Money amount={due.total} currency={currency} className="due-line__amount" />
        </span>
        {due.incomeDate === null ? null : (
          <span className="due-line__income">
            {t('templates.month.incomeOn', { date: dateLabel(due.incomeDate, locale) })}
          </span>
        )}
        <Button
          className="button button--quiet"
          aria-expanded={open}
          aria-controls={listId}
          onPress={() => setOpen((shown) => !shown)}
        >
          {open ? t('templates.month.hide') : t('templates.month.show')}
        </Button>
        <ManageTemplatesLink periodKey={periodKey} />
      </p>
      {open ? (
        <ul id={listId} className="due-line__list">
          {due.items.map((item) => (
            <li key={`${item.template.id}|${item.date}`} className="due-line__item">
              <span>
                {t('templates.occurrence', {
                  payee: item.template.payee,
                  date: dateLabel(item.date, locale),
                })}
              </span>
              <Money amount={item.template.value} currency={currency} />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  )
}

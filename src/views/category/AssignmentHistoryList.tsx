import { useTranslation } from 'react-i18next'
import { selectMonthView } from '../../../machines/openBudget/index.ts'
import { selectCategoryRecords, selectUserId } from '../../../machines/openBudget/selectors/category.ts'
import type { AssignmentRecord } from '../../../schemas/budget.ts'
import type { CategoryId } from '../../../schemas/ids.ts'
import type { PeriodKey } from '../../../schemas/money.ts'
import { regionalLocale } from '../../i18n/regionalLocale.ts'
import { useBudget } from '../../openBudget/OpenBudget.tsx'
import { memberName, useMemberNames } from '../activity/useMemberNames.ts'
import { useCategoryName } from '../month/names.ts'
import { useAmountText } from './shared.ts'

/** Every change of an assigned amount in the month (of one category when given): who, when, how, from, to. */
export function AssignmentHistoryList({
  periodKey,
  categoryId,
}: {
  readonly periodKey: PeriodKey
  readonly categoryId: CategoryId | null
}) {
  const { t, i18n } = useTranslation()
  const categoryName = useCategoryName()
  const format = useAmountText()
  const records = useBudget((snapshot) => selectCategoryRecords(snapshot, categoryId, periodKey))
  const view = useBudget((snapshot) => selectMonthView(snapshot, periodKey))
  const userId = useBudget(selectUserId)
  const budgetId = useBudget((snapshot) => snapshot.context.budgetId)
  const members = useMemberNames(
    budgetId,
    records.flatMap((record) => (record.by === null ? [] : [record.by])),
  )
  if (records.length === 0) return <p className="category-empty">{t('category.noHistory')}</p>
  const endName = (id: CategoryId | null) =>
    id === null ? t('category.readyToAssign') : categoryName(view.categories.find((row) => row.id === id))
  const when = new Intl.DateTimeFormat(regionalLocale(i18n.resolvedLanguage), {
    dateStyle: 'short',
    timeStyle: 'short',
  })
  const signed = (record: AssignmentRecord) => {
    // Into this category is a plus, out of it a minus; the whole month's list shows the amount moved.
    const amount =
      categoryId !== null && record.fromCategoryId === categoryId ? -record.amount : record.amount
    return { amount, text: format(amount) }
  }
  return (
    <ul className="category-list" aria-label={t('category.historyLabel')}>
      {records.map((record) => {
        const { amount, text } = signed(record)
        return (
          <li key={record.id} className="category-list__item">
            <span className="category-list__main">
              <span>
                {t('category.recordLine', {
                  from: endName(record.fromCategoryId),
                  to: endName(record.toCategoryId),
                })}
              </span>
              <span className="category-list__meta">
                {t('category.recordMeta', {
                  source: t(`category.source.${record.source}`),
                  who:
                    record.by === userId
                      ? t('category.you')
                      : (memberName(members, record.by, t('category.formerMember')) ?? t('category.someone')),
                  when: when.format(new Date(record.at)),
                })}
              </span>
            </span>
            <span className={amount < 0 ? 'money money--negative' : 'money'}>{text}</span>
          </li>
        )
      })}
    </ul>
  )
}

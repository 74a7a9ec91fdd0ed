import { memo } from 'react'
import type { MonthGroup, MonthModel, MonthRow } from '../../../machines/openBudget/selectors/month.ts'
import type { CurrencyCode } from '../../../schemas/money.ts'
import { Money } from '../../components/money/Money.tsx'
import { useSharedTranslation } from '../../i18n/SharedTranslation.tsx'
import { useListNavigation } from '../../router/listNavigation.ts'
import { paths } from '../../router/paths.ts'
import { useMonthActions } from './actions.tsx'
import { useCategoryName } from './names.ts'
import { AddFirstCategory, AvailableAmount, CategoryMenu, GroupActions, HiddenBadge } from './parts.tsx'

/** A category on the phone: tapping it opens its route (assign, move, target…); the menu edits the structure. */
const CategoryItem = memo(function CategoryItem({
  row,
  currency,
}: {
  readonly row: MonthRow
  readonly currency: CurrencyCode
}) {
  const { t } = useSharedTranslation()
  const { budgetId, periodKey } = useMonthActions()
  const nameOf = useCategoryName()
  const name = nameOf(row)
  const income = row.type === 'Income'
  return (
    <li className="month-item" data-hidden={row.hidden || undefined}>
      <a className="month-item__link" href={paths.category(budgetId, periodKey, row.id)}>
        <span className="month-item__name">
          {name}
          {row.hidden ? <HiddenBadge /> : null}
        </span>
        {income ? (
          <span className="month-item__amounts month-item__amounts--stacked">
            <span className="badge">{t('budgetView.table.income')}</span>
            <Money amount={row.activity} currency={currency} />
          </span>
        ) : (
          <span className="month-item__amounts">
            <AvailableAmount row={row} currency={currency} />
          </span>
        )}
      </a>
      {row.system ? null : <CategoryMenu row={row} name={name} />}
    </li>
  )
})

const GroupSection = memo(function GroupSection({
  group,
  currency,
}: {
  readonly group: MonthGroup
  readonly currency: CurrencyCode
}) {
  const { t } = useSharedTranslation()
  const name = group.system ? t('budgetView.uncategorized') : group.name
  return (
    <section className="month-list__group" aria-label={name} data-hidden={group.hidden || undefined}>
      <div className="month-list__header">
        <h3 className="month-list__title">
          {name}
          {group.hidden ? <HiddenBadge /> : null}
        </h3>
        <Money amount={group.available} currency={currency} className="month-list__total" />
        {group.system ? null : <GroupActions group={group} />}
      </div>
      {group.rows.length > 0 ? (
        <ul className="month-list__items">
          {group.rows.map((row) => (
            <CategoryItem key={row.id} row={row} currency={currency} />
          ))}
        </ul>
      ) : group.system ? null : (
        <p className="month-row__empty">
          <AddFirstCategory groupId={group.id} />
        </p>
      )}
    </section>
  )
})

/** The phone's month: groups as sections, each category a link with its available amount and status. */
export function MonthList({
  model,
  currency,
}: {
  readonly model: MonthModel
  readonly currency: CurrencyCode
}) {
  // The categories are plain links; the list follows them without reloading the page.
  const followLinks = useListNavigation()
  return (
    <div className="month-list" ref={followLinks}>
      {model.groups.map((group) => (
        <GroupSection key={group.id} group={group} currency={currency} />
      ))}
    </div>
  )
}

import { memo } from 'react'
import { Button } from 'react-aria-components'
import type { MonthGroup, MonthModel, MonthRow } from '../../../machines/openBudget/selectors/month.ts'
import { selectionInGroup } from '../../../machines/openBudget/selectors/reorder.ts'
import type { CategoryId } from '../../../schemas/ids.ts'
import type { CurrencyCode } from '../../../schemas/money.ts'
import { Money } from '../../components/money/Money.tsx'
import { useSharedTranslation } from '../../i18n/SharedTranslation.tsx'
import { useMonthActions } from './actions.tsx'
import { useCategoryName } from './names.ts'
import {
  AddFirstCategory,
  AssignedField,
  AvailableAmount,
  CategoryMenu,
  GroupActions,
  HiddenBadge,
} from './parts.tsx'

/** One category: its name (selects it), its actions, the assigned field, activity and available. */
const CategoryRow = memo(function CategoryRow({
  row,
  currency,
  selected,
}: {
  readonly row: MonthRow
  readonly currency: CurrencyCode
  readonly selected: boolean
}) {
  const { t } = useSharedTranslation()
  const { select } = useMonthActions()
  const nameOf = useCategoryName()
  const name = nameOf(row)
  const income = row.type === 'Income'
  return (
    <tr className="month-row" data-selected={selected || undefined} data-hidden={row.hidden || undefined}>
      <th scope="row" className="month-row__name">
        <span className="month-row__name-inner">
          <Button className="month-row__select" onPress={() => select(row.id)}>
            {name}
          </Button>
          {row.hidden ? <HiddenBadge /> : null}
          {income ? <span className="badge">{t('budgetView.table.income')}</span> : null}
          {row.system ? null : <CategoryMenu row={row} name={name} />}
        </span>
      </th>
      <td className="month-table__amount">
        {income || row.system ? (
          <Money amount={row.assigned} currency={currency} />
        ) : (
          <AssignedField row={row} name={name} currency={currency} />
        )}
      </td>
      <td className="month-table__amount">
        <Money amount={row.activity} currency={currency} />
      </td>
      <td className="month-table__amount">
        {income ? null : <AvailableAmount row={row} currency={currency} />}
      </td>
    </tr>
  )
})

const GroupRows = memo(function GroupRows({
  group,
  currency,
  selectedId,
}: {
  readonly group: MonthGroup
  readonly currency: CurrencyCode
  /** Only when the selection is in this group, so choosing a category re-renders two groups at most. */
  readonly selectedId: CategoryId | null
}) {
  const { t } = useSharedTranslation()
  const name = group.system ? t('budgetView.uncategorized') : group.name
  return (
    <tbody className="month-group" data-hidden={group.hidden || undefined}>
      <tr className="month-group__header">
        <th scope="rowgroup" className="month-group__name">
          <span className="month-row__name-inner">
            <span className="month-group__title">{name}</span>
            {group.hidden ? <HiddenBadge /> : null}
            {group.system ? null : <GroupActions group={group} />}
          </span>
        </th>
        <td className="month-table__amount">
          <Money amount={group.assigned} currency={currency} />
        </td>
        <td className="month-table__amount">
          <Money amount={group.activity} currency={currency} />
        </td>
        <td className="month-table__amount">
          <Money amount={group.available} currency={currency} />
        </td>
      </tr>
      {group.rows.map((row) => (
        <CategoryRow key={row.id} row={row} currency={currency} selected={row.id === selectedId} />
      ))}
      {group.rows.length === 0 && !group.system ? (
        <tr className="month-row month-row--empty">
          <td colSpan={4}>
            <span className="month-row__empty">
              <AddFirstCategory groupId={group.id} />
            </span>
          </td>
        </tr>
      ) : null}
    </tbody>
  )
})

/** The desktop month: a table of groups and categories with totals per group. */
export function MonthTable({
  model,
  currency,
  monthName,
  selectedId,
}: {
  readonly model: MonthModel
  readonly currency: CurrencyCode
  readonly monthName: string
  readonly selectedId: CategoryId | null
}) {
  const { t } = useSharedTranslation()
  return (
    <div className="month-table-wrap">
      <table className="month-table">
        <caption className="visually-hidden">{t('budgetView.table.caption', { month: monthName })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('budgetView.table.category')}</th>
            <th scope="col" className="month-table__amount">
              {t('budgetView.table.assigned')}
            </th>
            <th scope="col" className="month-table__amount">
              {t('budgetView.table.activity')}
            </th>
            <th scope="col" className="month-table__amount">
              {t('budgetView.table.available')}
            </th>
          </tr>
        </thead>
        {model.groups.map((group) => (
          <GroupRows
            key={group.id}
            group={group}
            currency={currency}
            selectedId={selectionInGroup(group, selectedId)}
          />
        ))}
      </table>
    </div>
  )
}

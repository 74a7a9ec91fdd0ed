import '../../category/texts.ts'
import '../../category/category.css'
import { useTranslation } from 'react-i18next'
import type { CategoryId } from '../../../../schemas/ids.ts'
import type { PeriodKey } from '../../../../schemas/money.ts'
import { AssignmentHistoryList } from '../../category/AssignmentHistoryList.tsx'
import { InfoDialog } from '../shared/InfoDialog.tsx'

/** Every change of an assigned amount in the month (of one category when given); no machine: it only lists. */
export function AssignmentHistoryDialog({
  periodKey,
  categoryId = null,
  onClosed,
}: {
  readonly periodKey: PeriodKey
  readonly categoryId?: CategoryId | null
  readonly onClosed: () => void
}) {
  const { t } = useTranslation()
  return (
    <InfoDialog title={t('category.historyDialog.title')} onClosed={onClosed}>
      <AssignmentHistoryList periodKey={periodKey} categoryId={categoryId} />
    </InfoDialog>
  )
}

import '../../month/texts.ts'
import '../../month/budget.css'
import { useTranslation } from 'react-i18next'
import { type GroupEditProps, groupEditMachine } from '../../../../machines/dialogs/groupEdit/index.ts'
import { selectGroup } from '../../../../machines/openBudget/selectors/month.ts'
import type { CategoryGroupId } from '../../../../schemas/ids.ts'
import { DialogTextField, FormDialog } from '../../../components/dialog/FormDialog.tsx'
import { useBudget } from '../../../openBudget/OpenBudget.tsx'
import { Gone, useFirst } from '../shared/Gone.tsx'
import { useFlowDialog } from '../shared/useFlowDialog.ts'

type Closable = { readonly onClosed: () => void }

function GroupForm({ props, onClosed }: Closable & { readonly props: GroupEditProps }) {
  const { t } = useTranslation()
  const actor = useFlowDialog(groupEditMachine, props)
  return (
    <FormDialog
      actor={actor}
      title={t(props.mode === 'create' ? 'budgetView.addGroupTitle' : 'budgetView.editGroupTitle')}
      submitLabel={t(props.mode === 'create' ? 'budgetView.form.add' : 'budgetView.form.save')}
      onClosed={onClosed}
    >
      <DialogTextField actor={actor} field="name" label={t('budgetView.form.groupName')} autoFocus />
    </FormDialog>
  )
}

/** 'Dodaj grupę' without a group, rename with one. */
export function GroupEditDialog({ groupId, onClosed }: Closable & { readonly groupId?: CategoryGroupId }) {
  const group = useFirst(
    useBudget((snapshot) => (groupId === undefined ? null : selectGroup(snapshot, groupId))),
  )
  if (groupId === undefined) return <GroupForm props={{ mode: 'create' }} onClosed={onClosed} />
  if (group === null) return <Gone onClosed={onClosed} />
  return <GroupForm props={{ mode: 'edit', group }} onClosed={onClosed} />
}

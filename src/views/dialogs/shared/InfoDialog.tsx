import '../../category/texts.ts'
import type { ReactNode } from 'react'
import { Button } from 'react-aria-components'
import { useTranslation } from 'react-i18next'
import { DialogFrame } from '../../../components/dialog/FormDialog.tsx'

/** A dialog that is not a form (pickers, lists, notices): modal on desktop, full-height sheet on phones. */
export function InfoDialog({
  title,
  onClosed,
  children,
}: {
  readonly title: string
  readonly onClosed: () => void
  readonly children: ReactNode
}) {
  const { t } = useTranslation()
  return (
    <DialogFrame title={title} onDismiss={onClosed}>
      {children}
      <div className="dialog__actions">
        <Button className="button button--quiet" onPress={onClosed}>
          {t('category.close')}
        </Button>
      </div>
    </DialogFrame>
  )
}

import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { usePermissions } from './OpenBudget.tsx'

/**
 * A screen that exists only to change the budget (a bank import, its rules): a reader gets a line saying so instead
 * (the banner above says why), and the rest of the budget stays one tap away.
 */
export function EditorsOnly({ children }: { readonly children: ReactNode }) {
  const { t } = useTranslation()
  const { canEdit } = usePermissions()
  if (canEdit) return children
  return <p className="notice">{t('budgetAccess.editorsOnly')}</p>
}

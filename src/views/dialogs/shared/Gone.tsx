import '../../month/texts.ts'
import { useState } from 'react'
import { Button } from 'react-aria-components'
import { useTranslation } from 'react-i18next'

/**
 * The entity as the dialog opened on it: a dialog's actor keeps its first props, and the entity going away once
 * the dialog deleted it must not swap the closing dialog for a 'gone' notice.
 */
export const useFirst = <T,>(value: T): T => useState(value)[0]

/** The entity went away (deleted elsewhere) or never existed: say so instead of an empty form. */
export function Gone({ onClosed }: { readonly onClosed: () => void }) {
  const { t } = useTranslation()
  return (
    <div className="notice notice--error" role="alert">
      <p>{t('budgetView.form.notFound')}</p>
      <Button className="button button--quiet" onPress={onClosed}>
        {t('dialog.cancel')}
      </Button>
    </div>
  )
}

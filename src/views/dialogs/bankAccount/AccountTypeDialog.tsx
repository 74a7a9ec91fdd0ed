import '../../accounts/texts.ts'
import '../../accounts/accounts.css'
import { useId } from 'react'
import { Button } from 'react-aria-components'
import { useTranslation } from 'react-i18next'
import { DialogFrame } from '../../../components/dialog/FormDialog.tsx'

type Closable = { readonly onClosed: () => void }

/**
 * SPEC §2 'Select account type': Unconnected (manual entry) goes on to the account form; Connected needs bank
 * connections, which a later issue builds, so it is shown disabled with the reason instead of a pretend flow.
 */
export function AccountTypeDialog({
  onUnconnected,
  onClosed,
}: Closable & { readonly onUnconnected: () => void }) {
  const { t } = useTranslation()
  const connectedNoteId = useId()
  return (
    <DialogFrame title={t('bankAccounts.selectAccountType')} onDismiss={onClosed}>
      <div className="account-types">
        <Button className="account-type" onPress={onUnconnected} autoFocus>
          <span className="account-type__name">{t('bankAccounts.unconnected')}</span>
          <span className="account-type__description">{t('bankAccounts.unconnectedDescription')}</span>
        </Button>
        <Button className="account-type" isDisabled aria-describedby={connectedNoteId}>
          <span className="account-type__name">{t('bankAccounts.connected')}</span>
          <span className="account-type__description">{t('bankAccounts.connectedDescription')}</span>
        </Button>
        <p id={connectedNoteId} className="account-type__note">
          {t('accounts.chooser.connectedUnavailable')}
        </p>
      </div>
      <div className="dialog__actions">
        <Button className="button button--quiet" onPress={onClosed}>
          {t('accounts.chooser.cancel')}
        </Button>
      </div>
    </DialogFrame>
  )
}

import { useRouter } from '@tanstack/react-router'
import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components'
import { useTranslation } from 'react-i18next'
import { NotAvailable } from '../components/NotAvailable.tsx'
import { useCurrentRoute } from '../layouts/useCurrentPage.ts'

/** Route view of a dialog-style route not built yet: a modal over its parent view; closing goes back up. */
export default function NotAvailableDialog() {
  const { t } = useTranslation()
  const router = useRouter()
  const route = useCurrentRoute()
  const close = () => {
    // The view this dialog opened over is the match just above it.
    const parent = router.state.matches.at(-2)
    router.history.push(parent?.pathname ?? '/')
  }
  return (
    <ModalOverlay
      className="modal-overlay"
      isDismissable
      defaultOpen
      onOpenChange={(open) => {
        if (!open) close()
      }}
    >
      <Modal className="modal">
        <Dialog className="dialog">
          <Heading slot="title" className="dialog__title">
            {t(route.headerKey)}
          </Heading>
          <NotAvailable />
          <div className="dialog__actions">
            <Button className="button" slot="close">
              {t('notAvailable.close')}
            </Button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  )
}

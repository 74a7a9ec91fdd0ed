import { useSelector } from '@xstate/react'
import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components'
import { useTranslation } from 'react-i18next'
import type { ActorRef, Snapshot } from 'xstate'
import { type DiscardEvent, selectIsConfirmingDiscard } from '../../../machines/dialogs/shared/index.ts'

/** Any form's actor: it says when it is asking, and hears the answer. */
export type DiscardingRef = ActorRef<Snapshot<unknown> & { readonly value: unknown }, DiscardEvent>

/**
 * "Discard changes?" over a form whose changes Escape or Close would lose (the shared chart's confirmingDiscard).
 * Escape or a click outside keeps editing; the safe answer has the focus.
 */
export function DiscardConfirm({ actor }: { readonly actor: DiscardingRef }) {
  const { t } = useTranslation()
  const asking = useSelector(actor, selectIsConfirmingDiscard)
  const keep = () => actor.send({ type: 'discard.keep' })
  return (
    <ModalOverlay
      className="modal-overlay"
      isDismissable
      isOpen={asking}
      onOpenChange={(open) => {
        if (!open) keep()
      }}
    >
      <Modal className="modal">
        <Dialog className="dialog" role="alertdialog">
          <Heading slot="title" className="dialog__title">
            {t('discard.title')}
          </Heading>
          <p>{t('discard.message')}</p>
          <div className="dialog__actions">
            <Button className="button button--quiet" onPress={keep} autoFocus>
              {t('discard.keep')}
            </Button>
            <Button className="button button--danger" onPress={() => actor.send({ type: 'discard.confirm' })}>
              {t('discard.confirm')}
            </Button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  )
}

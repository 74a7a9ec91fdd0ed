import { useSelector } from '@xstate/react'
import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components'
import { useTranslation } from 'react-i18next'
import { selectHelpOpen } from '../../machines/app/index.ts'
import { useAppActor } from '../app/AppActor.tsx'
import { CloseIcon } from './icons.tsx'

const TOPICS = ['envelope', 'ready', 'theme', 'status'] as const

/** The help widget's panel; open state lives in the app machine (help.open / help.close). */
export default function HelpDialog() {
  const { t } = useTranslation()
  const app = useAppActor()
  const isOpen = useSelector(app, selectHelpOpen)
  return (
    <ModalOverlay
      className="modal-overlay"
      isDismissable
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open) app.send({ type: 'help.close' })
      }}
    >
      <Modal className="modal">
        <Dialog className="dialog">
          <div className="dialog__header">
            <Heading slot="title" className="dialog__title">
              {t('help.title')}
            </Heading>
            <Button className="icon-button" slot="close" aria-label={t('help.close')}>
              <CloseIcon />
            </Button>
          </div>
          {TOPICS.map((topic) => (
            <section key={topic} className="help-topic">
              <h3 className="help-topic__title">{t(`help.${topic}Title`)}</h3>
              <p>{t(`help.${topic}Body`)}</p>
            </section>
          ))}
        </Dialog>
      </Modal>
    </ModalOverlay>
  )
}

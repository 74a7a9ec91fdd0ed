import { useSelector } from '@xstate/react'
import { Button, Label, ProgressBar } from 'react-aria-components'
import { useTranslation } from 'react-i18next'
import { selectFile, selectProgress } from '../../../machines/bankImport/index.ts'
import type { ImportRef } from './useImportActor.ts'

/** Uploading (a bar that fills), then reading or writing (a bar that moves): the file's name stays in view. */
export function ProgressPanel({ actor }: { readonly actor: ImportRef }) {
  const { t } = useTranslation()
  const progress = useSelector(actor, selectProgress)
  const file = useSelector(actor, selectFile)
  if (progress === null) return null
  const label =
    progress.phase === 'uploading'
      ? t('bankImport.progress.uploading')
      : progress.operation === 'write'
        ? t('bankImport.progress.writing')
        : t('bankImport.progress.reading')
  const indeterminate = progress.fraction === null
  return (
    <section className="import-step import-progress" aria-live="polite">
      {file === null ? null : <p className="import-progress__file">{file.name}</p>}
      <ProgressBar
        className="import-bar"
        {...(indeterminate
          ? { isIndeterminate: true }
          : { value: Math.round((progress.fraction ?? 0) * 100) })}
      >
        {({ percentage, valueText }) => (
          <>
            <div className="import-bar__labels">
              <Label>{label}</Label>
              {indeterminate ? null : <span className="import-bar__value">{valueText}</span>}
            </div>
            <div className="import-bar__track">
              <div
                className={`import-bar__fill${indeterminate ? ' import-bar__fill--moving' : ''}`}
                style={indeterminate ? {} : { width: `${percentage ?? 0}%` }}
              />
            </div>
          </>
        )}
      </ProgressBar>
      {progress.operation === 'read' ? (
        <Button className="button button--quiet" onPress={() => actor.send({ type: 'import.back' })}>
          {t('bankImport.progress.cancel')}
        </Button>
      ) : null}
    </section>
  )
}

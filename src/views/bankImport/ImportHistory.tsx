import { useSelector } from '@xstate/react'
import * as Schema from 'effect/Schema'
import { useMemo } from 'react'
import { Button } from 'react-aria-components'
import { useTranslation } from 'react-i18next'
import {
  type ImportHistoryRef,
  selectAccountHistory,
  selectHistoryLoadState,
  selectHistoryRef,
  selectLastUndone,
  selectUndoAsked,
  selectUndoing,
  selectUndoRefusal,
} from '../../../machines/bankImport/index.ts'
import type { BankAccountId } from '../../../schemas/ids.ts'
import { ImportFormat } from '../../../schemas/imports.ts'
import { DialogFrame } from '../../components/dialog/FormDialog.tsx'
import { regionalLocale } from '../../i18n/regionalLocale.ts'
import { useSharedTranslation } from '../../i18n/SharedTranslation.tsx'
import { formatName } from './formats.ts'
import type { ImportRef } from './useImportActor.ts'

const isFormat = Schema.is(ImportFormat)

/** "Cofnąć import?": undo takes back every transaction the import added. */
function ConfirmUndo({ history }: { readonly history: ImportHistoryRef }) {
  const { t } = useTranslation()
  const asked = useSelector(history, selectUndoAsked)
  if (asked === null) return null
  const cancel = () => history.send({ type: 'history.cancelUndo' })
  return (
    <DialogFrame title={t('bankImport.history.confirmTitle')} onDismiss={cancel}>
      <p>{t('bankImport.history.confirmBody', { count: asked.count, file: asked.fileName })}</p>
      <div className="dialog__actions">
        <Button className="button button--quiet" onPress={cancel}>
          {t('bankImport.cancel')}
        </Button>
        <Button
          className="button button--danger"
          autoFocus
          onPress={() => history.send({ type: 'history.confirmUndo' })}
        >
          {t('bankImport.history.confirm')}
        </Button>
      </div>
    </DialogFrame>
  )
}

function HistoryList({
  history,
  accountId,
}: {
  readonly history: ImportHistoryRef
  readonly accountId: BankAccountId | null
}) {
  const { t } = useTranslation()
  const { locale } = useSharedTranslation()
  const load = useSelector(history, selectHistoryLoadState)
  const records = useSelector(history, (snapshot) => selectAccountHistory(snapshot, accountId))
  const undoing = useSelector(history, selectUndoing)
  const refusal = useSelector(history, selectUndoRefusal)
  const undone = useSelector(history, selectLastUndone)
  const when = useMemo(
    () => new Intl.DateTimeFormat(regionalLocale(locale), { dateStyle: 'medium', timeStyle: 'short' }),
    [locale],
  )
  if (load === 'loading') return <p role="status">{t('bankImport.history.loading')}</p>
  if (load === 'failed')
    return (
      <div className="notice notice--error" role="alert">
        <p>{t('bankImport.history.failed')}</p>
        <Button className="button button--quiet" onPress={() => history.send({ type: 'history.retry' })}>
          {t('bankImport.retry')}
        </Button>
      </div>
    )
  return (
    <>
      {refusal === null ? null : (
        <div className="notice notice--error" role="alert">
          <p>
            {refusal.kind === 'changed'
              ? t('bankImport.history.refused', { count: refusal.changed })
              : t('bankImport.history.undoFailed')}
          </p>
          {refusal.kind === 'changed' ? <p>{t('bankImport.history.refusedHint')}</p> : null}
          <Button className="button button--quiet" onPress={() => history.send({ type: 'history.dismiss' })}>
            {t('bankImport.history.dismiss')}
          </Button>
        </div>
      )}
      {undone === null ? null : (
        <p className="notice" role="status">
          {t('bankImport.history.undoneNotice')}
        </p>
      )}
      {records.length === 0 ? (
        <p className="import-muted">{t('bankImport.history.empty')}</p>
      ) : (
        <ul className="import-history__list">
          {records.map((record) => (
            <li key={record.importId} className="import-history__item">
              <span className="import-history__file" title={record.fileName}>
                {record.fileName}
              </span>
              <span className="import-history__meta">
                {[
                  when.format(new Date(record.at)),
                  isFormat(record.format) ? formatName(t, record.format) : record.format,
                  t('bankImport.history.count', { count: record.count }),
                ].join(' · ')}
              </span>
              {record.undone ? (
                <span className="import-badge import-badge--undone">{t('bankImport.history.undone')}</span>
              ) : (
                <Button
                  className="button button--quiet"
                  isPending={undoing === record.importId}
                  isDisabled={undoing !== null}
                  aria-label={t('bankImport.history.undoFor', { file: record.fileName })}
                  onPress={() => history.send({ type: 'history.askUndo', importId: record.importId })}
                >
                  {t('bankImport.history.undo')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </>
  )
}

/** The account's imports, newest first, each with its undo (confirmed; refused once its rows changed). */
export function ImportHistory({
  actor,
  accountId,
  accountName,
}: {
  readonly actor: ImportRef
  readonly accountId: BankAccountId | null
  readonly accountName: string | null
}) {
  const { t } = useTranslation()
  const history = useSelector(actor, selectHistoryRef)
  if (history === undefined) return null
  return (
    <section className="import-history" aria-labelledby="import-history-title">
      <h2 id="import-history-title" className="import-history__title">
        {accountName === null
          ? t('bankImport.history.title')
          : t('bankImport.history.titleFor', { account: accountName })}
      </h2>
      <HistoryList history={history} accountId={accountId} />
      <ConfirmUndo history={history} />
    </section>
  )
}

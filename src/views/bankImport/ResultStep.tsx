import { useSelector } from '@xstate/react'
import { Button, Link } from 'react-aria-components'
import { useTranslation } from 'react-i18next'
import {
  selectHistoryRef,
  selectResult,
  selectResultLeftOut,
  selectResultUndone,
} from '../../../machines/bankImport/index.ts'
import type { ImportRef } from './useImportActor.ts'

/** What the import wrote and skipped, where to see it, and its undo. */
export function ResultStep({
  actor,
  accountName,
  accountHref,
}: {
  readonly actor: ImportRef
  readonly accountName: string
  readonly accountHref: string | null
}) {
  const { t } = useTranslation()
  const result = useSelector(actor, selectResult)
  const history = useSelector(actor, selectHistoryRef)
  const undone = useSelector(actor, selectResultUndone)
  const leftOut = useSelector(actor, selectResultLeftOut)
  if (result === null) return null
  const { importId } = result
  const details = [
    result.transfers > 0 ? t('bankImport.result.transfers', { count: result.transfers }) : null,
    result.duplicates > 0 ? t('bankImport.result.duplicates', { count: result.duplicates }) : null,
    leftOut > 0 ? t('bankImport.result.leftOut', { count: leftOut }) : null,
    result.errors > 0 ? t('bankImport.result.errors', { count: result.errors }) : null,
    result.pending > 0 ? t('bankImport.result.pending', { count: result.pending }) : null,
  ].filter((detail) => detail !== null)
  return (
    <section className="import-step import-result" aria-labelledby="import-result-title">
      <div role="status">
        <h2 id="import-result-title" className="import-step__title">
          {undone
            ? t('bankImport.result.undoneTitle', { count: result.imported, account: accountName })
            : result.imported === 0
              ? t('bankImport.result.nothing')
              : t('bankImport.result.imported', { count: result.imported, account: accountName })}
        </h2>
        {undone ? <p>{t('bankImport.result.undone')}</p> : null}
      </div>
      {details.length === 0 ? null : (
        <ul className="import-result__details">
          {details.map((detail) => (
            <li key={detail}>{detail}</li>
          ))}
        </ul>
      )}
      <div className="import-actions">
        {accountHref === null ? null : (
          <Link className="button button--primary" href={accountHref}>
            {t('bankImport.result.toAccount', { account: accountName })}
          </Link>
        )}
        {importId === null || history === undefined || undone ? null : (
          <Button
            className="button button--quiet"
            onPress={() => history.send({ type: 'history.askUndo', importId })}
          >
            {t('bankImport.result.undo')}
          </Button>
        )}
        <Button className="button button--quiet" onPress={() => actor.send({ type: 'import.again' })}>
          {t('bankImport.result.again')}
        </Button>
      </div>
    </section>
  )
}

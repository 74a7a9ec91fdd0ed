import './texts.ts'
import './templates.css'
import { useId, useState } from 'react'
import { Button } from 'react-aria-components'
import { useTranslation } from 'react-i18next'
import { addDays } from '../../../domain/recurrence.ts'
import { selectBudget } from '../../../machines/openBudget/index.ts'
import { selectTemplateRows, type TemplateRow } from '../../../machines/openBudget/selectors/templates.ts'
import { CurrencyCode } from '../../../schemas/money.ts'
import { Money } from '../../components/money/Money.tsx'
import { useBudget, useBudgetRef, usePermissions } from '../../openBudget/OpenBudget.tsx'
import { dateLabel, todayIso } from '../accounts/shared.tsx'
import { useOpenDialog } from '../dialogs/useDialog.ts'
import { RECURRING_ANCHOR } from './ManageTemplatesLink.tsx'

const PLN = CurrencyCode.make('PLN')

/** "Cykliczne": every recurring transaction with its next date; add, edit, delete, and skip its overdue drafts. */
export function TemplatesCard() {
  const { t } = useTranslation()
  const headingId = useId()
  const openDialog = useOpenDialog()
  const rows = useBudget((snapshot) => selectTemplateRows(snapshot, todayIso()))
  const { canEdit } = usePermissions()
  return (
    <section id={RECURRING_ANCHOR} className="templates-card" aria-labelledby={headingId}>
      <header className="templates-card__header">
        <h2 id={headingId} className="templates-card__title">
          {t('templates.list.title')}
        </h2>
        {canEdit ? (
          <Button className="button" onPress={() => openDialog({ kind: 'transactionTemplate' })}>
            {t('templates.list.add')}
          </Button>
        ) : null}
      </header>
      {rows.length === 0 ? (
        <p className="category-empty">{t('templates.list.empty')}</p>
      ) : (
        <ul className="draft-list">
          {rows.map((row) => (
            <TemplateListRow key={row.template.id} row={row} />
          ))}
        </ul>
      )}
    </section>
  )
}

function TemplateListRow({ row }: { readonly row: TemplateRow }) {
  const { t, i18n } = useTranslation()
  const locale = i18n.resolvedLanguage ?? 'pl'
  const budget = useBudgetRef()
  const openDialog = useOpenDialog()
  const currency = useBudget(selectBudget)?.currency ?? PLN
  const [confirming, setConfirming] = useState(false)
  const { canEdit } = usePermissions()
  const { template, next, overdue } = row
  const send = (command: Parameters<typeof budget.send>[0]) => budget.send(command)
  return (
    <li className="template-row">
      <span className="template-row__main">
        <span className="template-row__payee" title={template.payee}>
          {template.payee}
        </span>
        <span className="template-row__meta">
          {t('templates.list.meta', {
            frequency: t(`templates.frequencies.${template.frequency}`),
            next:
              next === null
                ? t('templates.list.ended')
                : t('templates.list.next', { date: dateLabel(next, locale) }),
          })}
        </span>
        {overdue === 0 ? null : (
          <span className="template-row__meta">{t('templates.list.backlog', { count: overdue })}</span>
        )}
      </span>
      <Money amount={template.value} currency={currency} />
      {!canEdit ? null : confirming ? (
        <p className="template-row__actions" role="alert">
          <span>{t('templates.list.deleteQuestion', { payee: template.payee })}</span>
          <Button
            className="button button--danger"
            onPress={() =>
              send({
                type: 'budget.command',
                commands: [{ _tag: 'DeleteTemplate', templateId: template.id }],
              })
            }
          >
            {t('templates.list.deleteConfirm')}
          </Button>
          <Button className="button button--quiet" onPress={() => setConfirming(false)}>
            {t('templates.list.cancel')}
          </Button>
        </p>
      ) : (
        <span className="template-row__actions">
          <Button
            className="button button--quiet"
            aria-label={t('templates.list.editFor', { payee: template.payee })}
            onPress={() => openDialog({ kind: 'transactionTemplate', templateId: template.id })}
          >
            {t('templates.list.edit')}
          </Button>
          {overdue === 0 ? null : (
            <Button
              className="button button--quiet"
              onPress={() =>
                send({
                  type: 'budget.command',
                  commands: [
                    {
                      _tag: 'SkipOccurrencesThrough',
                      templateId: template.id,
                      date: addDays(todayIso(), -1),
                    },
                  ],
                })
              }
            >
              {t('templates.list.skipBacklog')}
            </Button>
          )}
          <Button
            className="button button--quiet"
            aria-label={t('templates.list.deleteFor', { payee: template.payee })}
            onPress={() => setConfirming(true)}
          >
            {t('templates.list.delete')}
          </Button>
        </span>
      )}
    </li>
  )
}

import '../../components/dialog/form.css'
import './activity.css'
// The built-in categories' names (phrase.ts) are the month view's texts.
import '../month/texts.ts'
import './texts.ts'
import { useParams } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import { useId, useMemo } from 'react'
import { Button } from 'react-aria-components'
import { useTranslation } from 'react-i18next'
import {
  activityMachine,
  selectActor,
  selectCanShowOlder,
  selectEntries,
  selectFeedStatus,
  selectIsLoadingOlder,
  selectMembers,
  selectOlderFailed,
} from '../../../machines/activity/index.ts'
import { selectBudget } from '../../../machines/openBudget/index.ts'
import type { ActivityEntry } from '../../../schemas/activity.ts'
import { UserId } from '../../../schemas/ids.ts'
import { CurrencyCode } from '../../../schemas/money.ts'
import { useLoadApi } from '../../api/ApiContext.tsx'
import { useSharedTranslation } from '../../i18n/SharedTranslation.tsx'
import { OpenBudget, useBudget } from '../../openBudget/OpenBudget.tsx'
import { createActivityPort } from '../../ports/activityPort.ts'
import { whatText, whoText } from './phrase.ts'

const FALLBACK_CURRENCY = CurrencyCode.make('PLN')
const EVERYONE = ''

type FeedRef = ReturnType<typeof useActorRef<typeof activityMachine>>

/** `/budget/$budgetId/activity` on both trees: who did what in the budget, newest first, filterable by person. */
export function ActivityView() {
  const { budgetId = '' }: { budgetId?: string } = useParams({ strict: false })
  return (
    <OpenBudget budgetId={budgetId}>
      {/* A new actor per budget: another budget's entries never show under this one's name. */}
      <ActivityFeed key={budgetId} budgetId={budgetId} />
    </OpenBudget>
  )
}

function ActivityFeed({ budgetId }: { readonly budgetId: string }) {
  const { t } = useTranslation()
  const loadApi = useLoadApi()
  const input = useMemo(() => ({ port: createActivityPort(loadApi), budgetId }), [loadApi, budgetId])
  const feed = useActorRef(activityMachine, { input })
  const status = useSelector(feed, selectFeedStatus)
  const actor = useSelector(feed, selectActor)
  // The page header already says "Aktywność" (routes.activity); the section is named after it for screen readers.
  return (
    <section className="activity" aria-label={t('activity.title')}>
      <p className="activity__intro">{t('activity.intro')}</p>
      <PersonFilter feed={feed} />
      {status === 'loading' ? (
        <p className="activity__state" role="status">
          {t('activity.loading')}
        </p>
      ) : status === 'failed' ? (
        <div className="notice notice--error activity__state" role="alert">
          <p>{t('activity.failed')}</p>
          <Button className="button" onPress={() => feed.send({ type: 'activity.retry' })}>
            {t('activity.retry')}
          </Button>
        </div>
      ) : status === 'empty' ? (
        <p className="activity__state">{actor === null ? t('activity.empty') : t('activity.emptyPerson')}</p>
      ) : (
        <Entries feed={feed} />
      )}
    </section>
  )
}

function PersonFilter({ feed }: { readonly feed: FeedRef }) {
  const { t } = useTranslation()
  const id = useId()
  const members = useSelector(feed, selectMembers)
  const actor = useSelector(feed, selectActor)
  return (
    <div className="field activity__filter">
      <label className="field__label" htmlFor={id}>
        {t('activity.filter')}
      </label>
      <select
        id={id}
        className="field__input activity__select"
        value={actor ?? EVERYONE}
        onChange={(event) =>
          feed.send({
            type: 'activity.filter',
            actor: event.target.value === EVERYONE ? null : UserId.make(event.target.value),
          })
        }
      >
        <option value={EVERYONE}>{t('activity.everyone')}</option>
        {members.map((member) => (
          <option key={member.userId} value={member.userId}>
            {member.name ?? t('activity.member')}
          </option>
        ))}
      </select>
    </div>
  )
}

function Entries({ feed }: { readonly feed: FeedRef }) {
  const { t } = useTranslation()
  const entries = useSelector(feed, selectEntries)
  const canShowOlder = useSelector(feed, selectCanShowOlder)
  const loadingOlder = useSelector(feed, selectIsLoadingOlder)
  const olderFailed = useSelector(feed, selectOlderFailed)
  return (
    <>
      <ol className="activity__list" aria-label={t('activity.listLabel')}>
        {entries.map((entry) => (
          <Entry key={entry.seq} feed={feed} entry={entry} />
        ))}
      </ol>
      {olderFailed ? (
        <p className="activity__older-failed" role="alert">
          {t('activity.olderFailed')}
        </p>
      ) : null}
      {canShowOlder || loadingOlder ? (
        <Button
          className="button activity__older"
          isDisabled={loadingOlder}
          onPress={() => feed.send({ type: 'activity.more' })}
        >
          {loadingOlder ? t('activity.loadingOlder') : t('activity.older')}
        </Button>
      ) : null}
    </>
  )
}

function Entry({ feed, entry }: { readonly feed: FeedRef; readonly entry: ActivityEntry }) {
  const { t } = useTranslation()
  const { locale } = useSharedTranslation()
  const members = useSelector(feed, selectMembers)
  const currency = useBudget(selectBudget)?.currency ?? FALLBACK_CURRENCY
  const when = new Date(entry.recordedAt)
  return (
    <li className="activity__entry">
      <span className="activity__text">
        <span className="activity__who">{whoText(entry, members, t)}</span>
        {': '}
        <span className="activity__what">{whatText(entry, currency, locale, t)}</span>
      </span>
      <time className="activity__when" dateTime={entry.recordedAt}>
        {new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(when)}
      </time>
    </li>
  )
}

import { useLoaderData } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import type { Health } from '../../schemas/health.ts'

const STATUS_KEYS = { ok: 'health.statusOk', unavailable: 'health.statusDegraded' } as const satisfies Record<
  Health['status'],
  string
>

/** /health for a person: is the server up, which version, can it reach its database. */
export default function HealthView() {
  const { t } = useTranslation()
  const health = useLoaderData({ from: '/health' })
  return (
    <section className="health" data-status={health.status}>
      <dl className="health__facts">
        <div className="health__fact">
          <dt>{t('health.status')}</dt>
          <dd>{t(STATUS_KEYS[health.status])}</dd>
        </div>
        <div className="health__fact">
          <dt>{t('health.version')}</dt>
          <dd>{health.version}</dd>
        </div>
        <div className="health__fact">
          <dt>{t('health.database')}</dt>
          <dd>{t(health.database.reachable ? 'health.reachable' : 'health.unreachable')}</dd>
        </div>
        <div className="health__fact">
          <dt>{t('health.databaseKind')}</dt>
          <dd>{health.database.kind === 'pglite' ? 'PGlite' : 'PostgreSQL'}</dd>
        </div>
      </dl>
    </section>
  )
}

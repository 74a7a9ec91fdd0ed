import './settings.css'
import './texts.ts'
import { useRouter, useRouterState } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { type ReactNode, useId, useMemo } from 'react'
import { Button, Label, Link, Radio, RadioGroup } from 'react-aria-components'
import { useTranslation } from 'react-i18next'
import { LOCALES, parseLocale, parseTheme, selectLocale, selectTheme } from '../../../machines/app/index.ts'
import { useAppActor } from '../../app/AppActor.tsx'
import { useProviderPages } from '../../auth/useProviderPages.ts'
import { routeStatusAt } from '../../layouts/routeStatus.ts'
import { useDevice } from '../../layouts/useDevice.ts'
import { paths } from '../../router/paths.ts'
import { lastBudget } from '../budgetList/lastBudget.ts'
import { DisplayNameSection } from './DisplayNameSection.tsx'

function Section({ title, children }: { readonly title: string; readonly children: ReactNode }) {
  const id = useId()
  return (
    <section className="settings__section" aria-labelledby={id}>
      <h2 id={id} className="settings__title">
        {title}
      </h2>
      {children}
    </section>
  )
}

/** One row: a place to go (link), with a line saying what it is for. */
function Entry({
  href,
  label,
  hint,
}: {
  readonly href: string
  readonly label: string
  readonly hint?: string
}) {
  return (
    <li className="settings__entry">
      <Link className="settings__link" href={href}>
        <span className="settings__label">{label}</span>
        {hint === undefined ? null : <span className="settings__hint">{hint}</span>}
      </Link>
    </li>
  )
}

function Appearance() {
  const { t } = useTranslation()
  const app = useAppActor()
  const locale = useSelector(app, selectLocale)
  const theme = useSelector(app, selectTheme)
  return (
    <Section title={t('settings.appearance.title')}>
      <RadioGroup
        className="settings__choices"
        value={locale}
        onChange={(value) => {
          const chosen = parseLocale(value)
          if (chosen !== null) app.send({ type: 'locale.set', locale: chosen })
        }}
      >
        <Label className="settings__choices-label">{t('settings.appearance.language')}</Label>
        {LOCALES.map((code) => (
          // Each language is named in itself, so a reader who cannot read the current one still finds theirs.
          <Radio key={code} value={code} className="settings__choice" lang={code}>
            {t(`languages.${code}`)}
          </Radio>
        ))}
      </RadioGroup>
      <RadioGroup
        className="settings__choices"
        value={theme}
        onChange={(value) => {
          const chosen = parseTheme(value)
          if (chosen !== null) app.send({ type: 'theme.set', theme: chosen })
        }}
      >
        <Label className="settings__choices-label">{t('settings.appearance.theme')}</Label>
        <Radio value="light" className="settings__choice">
          {t('settings.appearance.light')}
        </Radio>
        <Radio value="dark" className="settings__choice">
          {t('settings.appearance.dark')}
        </Radio>
      </RadioGroup>
    </Section>
  )
}

function Account() {
  const { t } = useTranslation()
  const pages = useProviderPages()
  return (
    <Section title={t('settings.account.title')}>
      <ul className="settings__list">
        <Entry
          href="/logout"
          label={t('settings.account.signOut')}
          hint={t('settings.account.signOutHint')}
        />
        {pages === 'loading' ? null : pages.deleteAccount === null ? (
          <li className="settings__entry settings__entry--static">
            <span className="settings__label">{t('settings.account.delete')}</span>
            <span className="settings__hint">{t('settings.account.deleteElsewhere')}</span>
          </li>
        ) : (
          <li className="settings__entry">
            {/* The provider's own page: it asks for the password again and returns to /delete-account-callback. */}
            <a className="settings__link settings__link--danger" href={pages.deleteAccount}>
              <span className="settings__label">{t('settings.account.delete')}</span>
              <span className="settings__hint">{t('settings.account.deleteHint')}</span>
            </a>
          </li>
        )}
      </ul>
    </Section>
  )
}

/** SPEC's settings entries a later issue builds (subscription, referral); each says so until its route's status is 'built'. */
const LATER = [
  { labelKey: 'nav.subscription', href: '/settings/subscription', hintKey: 'settings.later.subscription' },
  { labelKey: 'nav.referral', href: '/settings/referral', hintKey: 'settings.later.referral' },
] as const

function Later() {
  const { t } = useTranslation()
  const router = useRouter()
  return (
    <Section title={t('settings.later.title')}>
      <ul className="settings__list">
        {LATER.map((item) =>
          routeStatusAt(router, item.href) === 'built' ? (
            <Entry key={item.href} href={item.href} label={t(item.labelKey)} hint={t(item.hintKey)} />
          ) : (
            <li key={item.href} className="settings__entry settings__entry--static">
              <span className="settings__label">
                {t(item.labelKey)} <span className="settings__soon">{t('settings.later.soon')}</span>
              </span>
              <span className="settings__hint">
                {t(item.hintKey)} {t('settings.later.notYet')}
              </span>
            </li>
          ),
        )}
      </ul>
    </Section>
  )
}

/**
 * 'Ustawienia' (the phone's 'more' tab): the budgets list and the open budget's settings, language and theme,
 * access tokens, the account, the entries not built yet (marked as such) and help.
 */
export default function SettingsView() {
  const { t } = useTranslation()
  const app = useAppActor()
  const device = useDevice()
  const pathname = useRouterState({ select: (state) => state.location.pathname })
  // biome-ignore lint/correctness/useExhaustiveDependencies: the remembered budget is read again on each address.
  const budgetId = useMemo(lastBudget, [pathname])
  return (
    <div className="settings">
      <Section title={t('settings.budgets.title')}>
        <ul className="settings__list">
          <Entry
            href={paths.budgetsList(device, budgetId)}
            label={t('settings.budgets.list')}
            hint={t('settings.budgets.listHint')}
          />
          {device === 'mobile' ? (
            <Entry
              href={paths.budgetModal(null)}
              label={t('settings.budgets.create')}
              hint={t('settings.budgets.createHint')}
            />
          ) : null}
          {budgetId === null ? null : (
            <Entry
              href={paths.budgetSettings(budgetId)}
              label={t('settings.budgets.settings')}
              hint={t('settings.budgets.settingsHint')}
            />
          )}
          {budgetId === null || device !== 'mobile' ? null : (
            <Entry
              href={paths.budgetInvite(budgetId)}
              label={t('settings.budgets.members')}
              hint={t('settings.budgets.membersHint')}
            />
          )}
          {budgetId === null ? null : (
            <Entry
              href={paths.activity(budgetId)}
              label={t('settings.budgets.activity')}
              hint={t('settings.budgets.activityHint')}
            />
          )}
          {budgetId === null ? null : (
            <Entry
              href={paths.statistics(budgetId)}
              label={t('settings.budgets.statistics')}
              hint={t('settings.budgets.statisticsHint')}
            />
          )}
          {budgetId === null ? null : (
            <Entry
              href={paths.loans(budgetId)}
              label={t('settings.budgets.loans')}
              hint={t('settings.budgets.loansHint')}
            />
          )}
          {budgetId === null ? null : (
            <Entry
              href={paths.importTransactions(budgetId)}
              label={t('settings.budgets.import')}
              hint={t('settings.budgets.importHint')}
            />
          )}
        </ul>
      </Section>
      <DisplayNameSection />
      <Appearance />
      <Section title={t('settings.access.title')}>
        <ul className="settings__list">
          <Entry
            href="/settings/tokens"
            label={t('settings.access.tokens')}
            hint={t('settings.access.tokensHint')}
          />
        </ul>
      </Section>
      <Section title={t('settings.notifications.title')}>
        <ul className="settings__list">
          <Entry
            href="/settings/reminder"
            label={t('nav.reminders')}
            hint={t('settings.notifications.remindersHint')}
          />
          <Entry
            href="/settings/notifications"
            label={t('nav.notifications')}
            hint={t('settings.notifications.channelsHint')}
          />
        </ul>
      </Section>
      <Account />
      <Later />
      <Section title={t('settings.help.title')}>
        <ul className="settings__list">
          <li className="settings__entry">
            <Button className="settings__link" onPress={() => app.send({ type: 'help.open' })}>
              <span className="settings__label">{t('settings.help.open')}</span>
              <span className="settings__hint">{t('settings.help.openHint')}</span>
            </Button>
          </li>
          <Entry href="/health" label={t('settings.help.health')} hint={t('settings.help.healthHint')} />
        </ul>
      </Section>
    </div>
  )
}

import { lazy, Suspense } from 'react'
import { Button, Link } from 'react-aria-components'
import { useTranslation } from 'react-i18next'
import { EnvelopeIcon, MenuIcon } from '../components/icons.tsx'
import { LanguageButtonLabel } from '../components/LanguageButtonLabel.tsx'
import { ThemeToggle } from '../components/ThemeToggle.tsx'

// Menus (and react-aria's collection and selection code) arrive right after the first screen.
const LanguageSwitcher = lazy(() => import('../components/LanguageSwitcher.tsx'))
const MainMenu = lazy(() => import('../components/MainMenu.tsx'))

/** Stand-in with the same name and size while a menu's code loads, so the header never shifts. */
const PendingMainMenu = () => {
  const { t } = useTranslation()
  return (
    <Button className="icon-button" aria-label={t('header.menu')} isPending>
      <MenuIcon />
    </Button>
  )
}

const PendingLanguageSwitcher = () => (
  <Button className="language-switcher__button" isPending>
    <LanguageButtonLabel />
  </Button>
)

export const AppHeader = () => {
  const { t } = useTranslation()
  return (
    <header className="app-header">
      <Link className="app-header__brand" href="/" aria-label={t('header.home')}>
        <EnvelopeIcon />
        <span>{t('app.name')}</span>
      </Link>
      <div className="app-header__tools">
        <Suspense fallback={<PendingLanguageSwitcher />}>
          <LanguageSwitcher />
        </Suspense>
        <ThemeToggle />
        <Suspense fallback={<PendingMainMenu />}>
          <MainMenu />
        </Suspense>
      </div>
    </header>
  )
}

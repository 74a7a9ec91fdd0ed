import { lazy, type ReactNode, Suspense, useState } from 'react'
import { Button, Link } from 'react-aria-components'
import { useTranslation } from 'react-i18next'
import { EnvelopeIcon, MenuIcon } from '../components/icons.tsx'
import { LanguageButtonLabel } from '../components/LanguageButtonLabel.tsx'
import { NotificationBell } from '../components/NotificationBell.tsx'
import { ThemeToggle } from '../components/ThemeToggle.tsx'
import { PresenceBadges } from './PresenceBadges.tsx'

// The menus (and react-aria's collection and selection code) are not needed to draw the first screen: each loads
// when its button is first hovered, focused or pressed, and a press opens it as soon as it has arrived.
const loadLanguageSwitcher = () => import('../components/LanguageSwitcher.tsx')
const loadMainMenu = () => import('../components/MainMenu.tsx')
const LanguageSwitcher = lazy(loadLanguageSwitcher)
const MainMenu = lazy(loadMainMenu)

type StandInProps = { readonly preload: () => void; readonly onPress: () => void }

const MainMenuStandIn = ({ preload, onPress }: StandInProps) => {
  const { t } = useTranslation()
  return (
    <Button
      className="icon-button"
      aria-label={t('header.menu')}
      aria-haspopup="menu"
      onHoverStart={preload}
      onFocus={preload}
      onPress={onPress}
    >
      <MenuIcon />
    </Button>
  )
}

const LanguageSwitcherStandIn = ({ preload, onPress }: StandInProps) => (
  <Button
    className="language-switcher__button"
    aria-haspopup="menu"
    onHoverStart={preload}
    onFocus={preload}
    onPress={onPress}
  >
    <LanguageButtonLabel />
  </Button>
)

/**
 * Renders the stand-in until the person presses it, then the real menu, opened. Hover and focus only warm the chunk:
 * swapping the button under a keyboard user's focus would lose their place.
 */
const OnDemandMenu = ({
  load,
  StandIn,
  render,
}: {
  readonly load: () => Promise<unknown>
  readonly StandIn: (props: StandInProps) => ReactNode
  readonly render: () => ReactNode
}) => {
  const [pressed, setPressed] = useState(false)
  const standIn = (
    <StandIn
      preload={() => {
        void load()
      }}
      onPress={() => setPressed(true)}
    />
  )
  return pressed ? <Suspense fallback={standIn}>{render()}</Suspense> : standIn
}

export const AppHeader = () => {
  const { t } = useTranslation()
  return (
    <header className="app-header">
      <Link className="app-header__brand" href="/" aria-label={t('header.home')}>
        <EnvelopeIcon />
        <span>{t('app.name')}</span>
      </Link>
      <div className="app-header__tools">
        <PresenceBadges />
        <OnDemandMenu
          load={loadLanguageSwitcher}
          StandIn={LanguageSwitcherStandIn}
          render={() => <LanguageSwitcher defaultOpen />}
        />
        <ThemeToggle />
        <NotificationBell />
        <OnDemandMenu load={loadMainMenu} StandIn={MainMenuStandIn} render={() => <MainMenu defaultOpen />} />
      </div>
    </header>
  )
}

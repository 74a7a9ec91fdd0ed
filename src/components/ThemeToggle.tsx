import { useSelector } from '@xstate/react'
import { ToggleButton } from 'react-aria-components'
import { useTranslation } from 'react-i18next'
import { selectTheme } from '../../machines/app/index.ts'
import { useAppActor } from '../app/AppActor.tsx'
import { MoonIcon } from './icons.tsx'

/** Pressed = dark theme. The app machine applies and stores the choice. */
export const ThemeToggle = () => {
  const { t } = useTranslation()
  const app = useAppActor()
  const theme = useSelector(app, selectTheme)
  return (
    <ToggleButton
      className="icon-button"
      aria-label={t('header.darkTheme')}
      isSelected={theme === 'dark'}
      onChange={() => app.send({ type: 'theme.toggle' })}
    >
      <MoonIcon />
    </ToggleButton>
  )
}

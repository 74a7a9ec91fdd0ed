import { useSelector } from '@xstate/react'
import { Button } from 'react-aria-components'
import { useTranslation } from 'react-i18next'
import { selectHelpLauncherVisible } from '../../machines/app/index.ts'
import { useAppActor } from '../app/AppActor.tsx'
import { HelpIcon } from './icons.tsx'

/** Floating help button; hidden at start (SPEC §1) until a screen asks the app machine to show it. */
export const HelpLauncher = () => {
  const { t } = useTranslation()
  const app = useAppActor()
  const visible = useSelector(app, selectHelpLauncherVisible)
  if (!visible) return null
  return (
    <Button
      className="help-launcher"
      aria-label={t('help.launcher')}
      onPress={() => app.send({ type: 'help.open' })}
    >
      <HelpIcon />
    </Button>
  )
}

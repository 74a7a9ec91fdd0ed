import { useParams } from '@tanstack/react-router'
import { Button, Menu, MenuItem, MenuTrigger, Popover, Separator } from 'react-aria-components'
import { useTranslation } from 'react-i18next'
import { useAppActor } from '../app/AppActor.tsx'
import { navigationFor } from '../layouts/navigation.ts'
import { useBuiltItems } from '../layouts/routeStatus.ts'
import { useDevice } from '../layouts/useDevice.ts'
import { currentPeriodKey } from '../router/periodKey.ts'
import { MenuIcon } from './icons.tsx'

const HELP_ACTION = 'help'

/** Header menu: navigation (the only one on mobile, where there is no side panel), help and sign-out. */
export default function MainMenu({ defaultOpen = false }: { readonly defaultOpen?: boolean }) {
  const { t } = useTranslation()
  const app = useAppActor()
  const device = useDevice()
  const params: { readonly budgetId?: string; readonly periodKey?: string } = useParams({ strict: false })
  const budget =
    params.budgetId === undefined
      ? null
      : { budgetId: params.budgetId, periodKey: params.periodKey ?? currentPeriodKey(new Date()) }
  const items = useBuiltItems(navigationFor(device, budget))
  return (
    <MenuTrigger defaultOpen={defaultOpen}>
      <Button className="icon-button" aria-label={t('header.menu')}>
        <MenuIcon />
      </Button>
      <Popover className="popover" placement="bottom end">
        <Menu
          className="menu"
          onAction={(key) => {
            if (key === HELP_ACTION) app.send({ type: 'help.open' })
          }}
        >
          {items.map((item) => (
            <MenuItem key={item.href} id={item.href} href={item.href} className="menu__item">
              {t(item.labelKey)}
            </MenuItem>
          ))}
          <Separator className="menu__separator" />
          <MenuItem id={HELP_ACTION} className="menu__item">
            {t('header.help')}
          </MenuItem>
          <MenuItem id="/logout" href="/logout" className="menu__item">
            {t('header.signOut')}
          </MenuItem>
        </Menu>
      </Popover>
    </MenuTrigger>
  )
}

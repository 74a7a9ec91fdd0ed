import { useSelector } from '@xstate/react'
import { Button, Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components'
import { useTranslation } from 'react-i18next'
import { LOCALES, parseLocale, selectLocale } from '../../machines/app/index.ts'
import { useAppActor } from '../app/AppActor.tsx'
import { LanguageButtonLabel } from './LanguageButtonLabel.tsx'

/**
 * A menu with one checked language (a Menu rather than a Select: the header menu already
 * loads Menu, so the switcher adds almost nothing to the first screen).
 */
export default function LanguageSwitcher({ defaultOpen = false }: { readonly defaultOpen?: boolean }) {
  const { t } = useTranslation()
  const app = useAppActor()
  const locale = useSelector(app, selectLocale)
  return (
    <MenuTrigger defaultOpen={defaultOpen}>
      <Button className="language-switcher__button">
        <LanguageButtonLabel />
      </Button>
      <Popover className="popover" placement="bottom end">
        <Menu
          className="menu"
          selectionMode="single"
          selectedKeys={[locale]}
          disallowEmptySelection
          onSelectionChange={(keys) => {
            const [first] = keys === 'all' ? [] : [...keys]
            const chosen = parseLocale(typeof first === 'string' ? first : null)
            if (chosen !== null) app.send({ type: 'locale.set', locale: chosen })
          }}
        >
          {LOCALES.map((code) => (
            // Each language is named in itself, so a reader who cannot read the current one still finds theirs.
            <MenuItem key={code} id={code} className="menu__item" lang={code}>
              {t(`languages.${code}`)}
            </MenuItem>
          ))}
        </Menu>
      </Popover>
    </MenuTrigger>
  )
}

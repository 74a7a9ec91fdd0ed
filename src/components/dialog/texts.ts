import { registerAreaTexts, type Texts } from '../../i18n/areaTexts.ts'

registerAreaTexts(
  import.meta.glob<Texts>('../../../locales/screens/dialogs.*.json', { eager: true, import: 'default' }),
)

import { registerAreaTexts, type Texts } from '../i18n/areaTexts.ts'

// The read-only banner and the presence badges: shown only with a budget open, so they come with its code.
registerAreaTexts(
  import.meta.glob<Texts>('../../locales/screens/access.*.json', { eager: true, import: 'default' }),
)

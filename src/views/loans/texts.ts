import { registerAreaTexts, type Texts } from '../../i18n/areaTexts.ts'

// This area's texts travel with its chunk (see src/i18n/areaTexts.ts).
registerAreaTexts(
  import.meta.glob<Texts>('../../../locales/screens/loans.*.json', { eager: true, import: 'default' }),
)

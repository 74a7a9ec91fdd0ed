import { registerAreaTexts, type Texts } from '../../i18n/areaTexts.ts'

// This area's texts travel with its chunk (see src/i18n/areaTexts.ts).
registerAreaTexts(
  import.meta.glob<Texts>('../../../locales/screens/statistics.*.json', { eager: true, import: 'default' }),
)
registerAreaTexts(
  import.meta.glob<Texts>('../../../locales/screens/statisticsFilter.*.json', {
    eager: true,
    import: 'default',
  }),
)

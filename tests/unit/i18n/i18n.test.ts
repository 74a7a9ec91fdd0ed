import { describe, expect, it } from 'vitest'
import { createI18n, switchLanguage } from '../../../src/i18n/i18n.ts'
import { firstSupportedLocale, startLocale } from '../../../src/i18n/startLocale.ts'

describe('start language', () => {
  it('is the stored choice, else the first device language Koperta speaks, else Polish', () => {
    expect(startLocale('de', ['en-GB'])).toBe('de')
    expect(startLocale(null, ['fr-FR', 'en-US', 'pl'])).toBe('en')
    expect(startLocale('xx', ['fr-FR'])).toBe('pl')
    expect(firstSupportedLocale(['de-AT'])).toBe('de')
  })
})

describe('texts per language', () => {
  it('a Polish page holds only the Polish texts (complete, so English is never fetched)', async () => {
    const i18n = await createI18n('pl')
    expect(i18n.language).toBe('pl')
    expect(i18n.t('app.skipToContent')).toBe('Przejdź do treści')
    expect(i18n.hasResourceBundle('en', 'translation')).toBe(false)
    expect(i18n.hasResourceBundle('de', 'translation')).toBe(false)
  })

  it('starts in English with the English texts fetched before the first render', async () => {
    const i18n = await createI18n('en')
    expect(i18n.t('app.skipToContent')).toBe('Skip to main content')
    expect(i18n.hasResourceBundle('pl', 'translation')).toBe(false)
  })

  it('switching to German fetches German only (complete, so English is never fetched)', async () => {
    const i18n = await createI18n('pl')
    await expect(switchLanguage(i18n, 'de')).resolves.toBe(true)
    expect(i18n.language).toBe('de')
    expect(i18n.t('header.language')).toBe('Sprache')
    expect(i18n.t('app.skipToContent')).toBe('Zum Hauptinhalt springen')
    expect(i18n.hasResourceBundle('en', 'translation')).toBe(false)
    await switchLanguage(i18n, 'pl')
    expect(i18n.t('app.skipToContent')).toBe('Przejdź do treści')
  })

  it('a later switch overtakes one still fetching its texts', async () => {
    const i18n = await createI18n('pl')
    const toEnglish = switchLanguage(i18n, 'en')
    const backToPolish = switchLanguage(i18n, 'pl')
    await expect(toEnglish).resolves.toBe(false)
    await expect(backToPolish).resolves.toBe(true)
    expect(i18n.language).toBe('pl')
  })
})

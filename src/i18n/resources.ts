import de from '../../locales/de.json' with { type: 'json' }
import en from '../../locales/en.json' with { type: 'json' }
import pl from '../../locales/pl.json' with { type: 'json' }

export type Language = 'pl' | 'en' | 'de'
export type Texts = { readonly [key: string]: string | Texts }

/**
 * The shell's texts (locales/{lng}.json) plus one file per screen area (locales/screens/{area}.{lng}.json), so
 * each area keeps its texts beside the others without one giant file. Areas use their own top-level keys.
 */
const screenFiles = import.meta.glob<Texts>('../../locales/screens/*.json', {
  eager: true,
  import: 'default',
})

const languageOf = (path: string): string | undefined => /\.([a-z]{2})\.json$/u.exec(path)?.[1]

const merged = (language: Language, base: Texts): Texts => {
  const texts: Record<string, string | Texts> = { ...base }
  for (const [path, file] of Object.entries(screenFiles)) {
    if (languageOf(path) !== language) continue
    for (const [key, value] of Object.entries(file)) {
      if (key in texts) throw new Error(`${path}: top-level key "${key}" is already taken`)
      texts[key] = value
    }
  }
  return texts
}

export const localeTexts: Readonly<Record<Language, Texts>> = {
  pl: merged('pl', pl),
  en: merged('en', en),
  de: merged('de', de),
}

import { describe, expect, it } from 'vitest'
import de from '../../../locales/screens/budgetImport.de.json' with { type: 'json' }
import en from '../../../locales/screens/budgetImport.en.json' with { type: 'json' }
import pl from '../../../locales/screens/budgetImport.pl.json' with { type: 'json' }
import {
  approximationCodes,
  budgetFileErrorCodes,
  leftOutCodes,
  mappedKinds,
} from '../../../schemas/budgetImport.ts'

const texts = { pl: pl.budgetImport, en: en.budgetImport, de: de.budgetImport }

const pluralForms = (locale: string) => new Intl.PluralRules(locale).resolvedOptions().pluralCategories

describe('the import report in every language', () => {
  it.each(Object.entries(texts))(
    '%s words every count, approximation, omission and file error',
    (locale, words) => {
      const groups: [Record<string, string>, readonly string[]][] = [
        [words.mapped, mappedKinds],
        [words.approximated, approximationCodes],
        [words.leftOut, leftOutCodes],
      ]
      // A line said once (`currency-assumed`: the file names no currency) has one text without plural forms.
      for (const [group, codes] of groups)
        for (const code of codes) {
          if (code in group) continue
          for (const form of pluralForms(locale))
            expect(group, `${code}_${form}`).toHaveProperty([`${code}_${form}`])
        }
      for (const code of budgetFileErrorCodes) expect(words.fileError, code).toHaveProperty([code])
    },
  )
})

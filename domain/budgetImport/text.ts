import type { ReportBuilder } from './report.ts'

// Text from a file made by another program follows that program's rules: names and payees here are one line
// without control characters, memos may span lines (schemas/text.ts), names hold 200 characters and texts 1 000.

const NAME_MAX = 200
const TEXT_MAX = 1000

// With one space either side: "Sklep\u0007 Świt" becomes "Sklep Świt", not two spaces. Not `\s*` either side: on a
// long run of spaces without a control character that backtracks in quadratic time (a file's payee of a million
// spaces would hold the server for minutes).
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is its purpose.
const notInOneLine = / ?[\u0000-\u001f\u007f-\u009f\u2028\u2029]+ ?/gu
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is its purpose.
const notInMemo = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]+/gu

// With the `u` flag a surrogate range matches only unpaired surrogates.
const unpaired = /[\ud800-\udfff]/gu

/** Drops unpaired surrogates and cuts at a code point boundary (never inside a surrogate pair). */
const limit = (text: string, max: number) => {
  const wellFormed = text.replace(unpaired, '')
  if (wellFormed.length <= max) return wellFormed
  let cut = wellFormed.slice(0, max)
  const last = cut.charCodeAt(cut.length - 1)
  if (last >= 0xd800 && last <= 0xdbff) cut = cut.slice(0, -1)
  return cut
}

/** Text as one line (control characters and line breaks become spaces), trimmed, at most `max` characters. */
export const oneLine = (text: string, max: number): string =>
  limit(text.replace(notInOneLine, ' ').trim(), max).trim()

/** Cleans text for one field; a change is reported once per text as `text-cleaned`. */
export const textCleaner = (report: ReportBuilder) => {
  const cleaned = (original: string, next: string) => {
    if (next !== original) report.approximated('text-cleaned')
    return next
  }
  return {
    /** A name: one line, 1 to 200 characters (an empty one becomes `fallback`). */
    name: (text: string | null | undefined, fallback: string): string => {
      const original = text ?? ''
      const next = oneLine(original, NAME_MAX)
      if (next === '') return fallback
      return cleaned(original, next)
    },
    /** A payee: one line, at most 1 000 characters. */
    payee: (text: string | null | undefined): string => {
      const original = text ?? ''
      return cleaned(original, limit(original.replace(notInOneLine, ' '), TEXT_MAX))
    },
    /** A memo: may span lines, at most 1 000 characters. */
    memo: (text: string | null | undefined): string => {
      const original = text ?? ''
      return cleaned(original, limit(original.replace(notInMemo, ' '), TEXT_MAX))
    },
  }
}

export type TextCleaner = ReturnType<typeof textCleaner>

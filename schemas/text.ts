import * as Schema from 'effect/Schema'

// What text a request may carry (issue 26 §2; the policy is written down in docs/api/text.md).
//
// - No text anywhere holds NUL (PostgreSQL cannot store it) or an unpaired UTF-16 surrogate (not Unicode; jsonb
//   refuses its escape). The server refuses both in every path, query, form and body string before any handler
//   (server/http/textSafety.ts); `hasUnsafeCodeUnits` is that rule.
// - Names and payees are one line: no control character (C0, DEL, C1) and no line or paragraph separator.
// - Memos may span lines: tab, line feed and carriage return are allowed, other control characters are not.
//
// These rules hold for what requests write. Entity and event schemas keep accepting any stored text, so a rule made
// stricter later never makes a stored budget unreadable.

/** True for text no database column can hold: a NUL, or a surrogate without its pair. */
export const hasUnsafeCodeUnits = (text: string): boolean => text.includes('\u0000') || !text.isWellFormed()

/** A field error's code for text refused for the characters it holds (see server/http/issues.ts). */
export const fieldErrorCodeAnnotation = 'fieldErrorCode'

// With the `u` flag a surrogate range matches only unpaired surrogates: emoji and other astral characters pass.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is its purpose.
const singleLine = /^[^\u0000-\u001f\u007f-\u009f\u2028\u2029\ud800-\udfff]*$/u
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is its purpose.
const multiLine = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ud800-\udfff]*$/u

/** One line of text: no control characters, no line breaks. */
export const isSingleLineText = Schema.isPattern(singleLine, {
  expected: 'one line of text without control characters',
  [fieldErrorCodeAnnotation]: 'invalid_characters',
})

/** Text that may span lines (tab, LF, CR), without other control characters. */
export const isMultiLineText = Schema.isPattern(multiLine, {
  expected: 'text without control characters other than tab and line breaks',
  [fieldErrorCodeAnnotation]: 'invalid_characters',
})

/**
 * A small, tolerant reader of tag markup for the bank files: OFX 1 (SGML, where leaf elements have no end tags),
 * OFX 2 and CAMT.053 (XML). It reports start tags, text and end tags in order; the parsers build only what they
 * need from them.
 *
 * Why not an XML library: fast-xml-parser 5.12 took 4.4 s for a 50 000-entry CAMT.053 (33 MB) on this machine,
 * saxes 0.4–0.6 s and htmlparser2 0.4–0.7 s for the tokens alone; this reader takes about a tenth of a second, and it
 * also reads SGML OFX, which no XML parser does.
 *
 * Safety: a document type declaration (`<!DOCTYPE`, where entities are defined) stops the scan with 'doctype' and
 * the parsers refuse the file, so no entity is ever defined, let alone expanded. Only the five predefined entities
 * and numeric character references are decoded; anything else stays as written. Comments, processing instructions
 * and other declarations are skipped. Nothing recurses, so deep nesting cannot exhaust the stack.
 */

export interface MarkupHandler {
  /** A start tag: `name` without a namespace prefix; `offset` is where its '<' is; `attributes` the raw text. */
  readonly open: (name: string, attributes: string, offset: number) => void
  /** Text between tags, entities decoded and surrounding whitespace trimmed; never empty. */
  readonly text: (text: string) => void
  /** Whether the text where the scan stands is wanted at all; unwanted text is never copied out of the source. */
  readonly wantsText?: () => boolean
  /** An end tag, or the end of a self-closing element. */
  readonly close: (name: string) => void
}

export type ScanOutcome = 'done' | 'doctype' | 'unterminated'

const PREDEFINED: Readonly<Record<string, string>> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" }
const ENTITY = /&(#x[0-9a-fA-F]{1,6}|#[0-9]{1,7}|lt|gt|amp|quot|apos);/gu

const decodeEntity = (whole: string, body: string): string => {
  if (body.startsWith('#')) {
    const code = body[1] === 'x' ? Number.parseInt(body.slice(2), 16) : Number.parseInt(body.slice(1), 10)
    const valid = code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff)
    return valid ? String.fromCodePoint(code) : whole
  }
  return PREDEFINED[body] ?? whole
}

/** Decodes `&lt; &gt; &amp; &quot; &apos; &#NNN; &#xHH;`; every other `&` stays as written. */
export const decodeEntities = (text: string): string =>
  text.includes('&') ? text.replace(ENTITY, decodeEntity) : text

const isNameStart = (code: number) =>
  (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95 || code === 58 || code > 127

const isNameEnd = (code: number) =>
  code === 32 || code === 9 || code === 10 || code === 13 || code === 47 || code === 62

// Tab, line feed, carriage return, space: the whitespace around values in these files.
const isSpace = (code: number) => code === 32 || code === 10 || code === 13 || code === 9

// Trims by index before slicing: most gaps between tags are only whitespace, and no string is made for them.
const emitText = (source: string, from: number, to: number, handler: MarkupHandler) => {
  let start = from
  let end = to
  while (start < end && isSpace(source.charCodeAt(start))) start++
  while (end > start && isSpace(source.charCodeAt(end - 1))) end--
  if (end > start && (handler.wantsText === undefined || handler.wantsText()))
    handler.text(decodeEntities(source.slice(start, end)))
}

/** Scans `source` from `from`, calling `handler` for each tag and text. */
export const scanMarkup = (source: string, from: number, handler: MarkupHandler): ScanOutcome => {
  const length = source.length
  let position = from
  while (position < length) {
    const lt = source.indexOf('<', position)
    if (lt < 0) {
      emitText(source, position, length, handler)
      return 'done'
    }
    const next = source.charCodeAt(lt + 1)
    if (next === 33 /* ! */) {
      if (source.startsWith('<!--', lt)) {
        const end = source.indexOf('-->', lt + 4)
        if (end < 0) return 'unterminated'
        emitText(source, position, lt, handler)
        position = end + 3
        continue
      }
      if (source.startsWith('<![CDATA[', lt)) {
        const end = source.indexOf(']]>', lt + 9)
        if (end < 0) return 'unterminated'
        emitText(source, position, lt, handler)
        const data = source.slice(lt + 9, end).trim()
        if (data !== '') handler.text(data)
        position = end + 3
        continue
      }
      if (source.slice(lt + 2, lt + 9).toUpperCase() === 'DOCTYPE') return 'doctype'
      const end = source.indexOf('>', lt + 2)
      if (end < 0) return 'unterminated'
      emitText(source, position, lt, handler)
      position = end + 1
      continue
    }
    if (next === 63 /* ? */) {
      const end = source.indexOf('?>', lt + 2)
      if (end < 0) return 'unterminated'
      emitText(source, position, lt, handler)
      position = end + 2
      continue
    }
    const closing = next === 47 /* / */
    const nameStart = closing ? lt + 2 : lt + 1
    if (!isNameStart(source.charCodeAt(nameStart))) {
      // A '<' that starts no tag (an unescaped one in SGML text): part of the text.
      const following = source.indexOf('<', lt + 1)
      const stop = following < 0 ? length : following
      emitText(source, position, stop, handler)
      position = stop
      continue
    }
    const gt = source.indexOf('>', nameStart)
    if (gt < 0) return 'unterminated'
    emitText(source, position, lt, handler)
    let nameEnd = nameStart
    let localStart = nameStart
    for (; nameEnd < gt; nameEnd++) {
      const code = source.charCodeAt(nameEnd)
      if (isNameEnd(code)) break
      if (code === 58 /* : */) localStart = nameEnd + 1
    }
    const name = source.slice(localStart, nameEnd)
    if (closing) handler.close(name)
    else {
      const selfClosing = source.charCodeAt(gt - 1) === 47
      handler.open(name, source.slice(nameEnd, selfClosing ? gt - 1 : gt), lt)
      if (selfClosing) handler.close(name)
    }
    position = gt + 1
  }
  return 'done'
}

const attributePatterns = new Map<string, RegExp>()

/** The value of attribute `name` (letters and digits) in a start tag's raw attribute text, entities decoded. */
export const attributeValue = (attributes: string, name: string): string | null => {
  if (!attributes.includes(name)) return null
  let pattern = attributePatterns.get(name)
  if (pattern === undefined) {
    pattern = new RegExp(`(?:^|\\s)(?:[\\w.-]+:)?${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`, 'u')
    attributePatterns.set(name, pattern)
  }
  const match = pattern.exec(attributes)
  if (!match) return null
  return decodeEntities(match[1] ?? match[2] ?? '')
}

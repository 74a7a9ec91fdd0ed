/**
 * Line numbers for rows read by offset (the markup formats): the UI points at the line where a record starts, from
 * 1. A line ends at '\n' or '\r\n'; a file with no '\n' at all ends its lines with '\r' (classic Mac OS).
 */

/**
 * A counter of lines for offsets asked in increasing order (rows come in file order), scanning the text once in
 * all; an earlier offset than the last one asked restarts from the top.
 */
export const lineCounter = (text: string): ((offset: number) => number) => {
  const breakChar = text.includes('\n') ? '\n' : '\r'
  let position = 0
  let line = 1
  return (offset) => {
    if (offset < position) {
      position = 0
      line = 1
    }
    for (;;) {
      const next = text.indexOf(breakChar, position)
      if (next < 0 || next >= offset) break
      line++
      position = next + 1
    }
    return line
  }
}

// Any whitespace but a plain space, or two spaces: only then is there anything to squeeze.
const UNSQUEEZED = /[^\S ]| {2}/
const WHITESPACE = /\s+/g

/** Whitespace runs (line breaks included) as one space, trimmed: how names and titles are compared and shown. */
export const squeeze = (text: string): string =>
  UNSQUEEZED.test(text) ? text.replace(WHITESPACE, ' ').trim() : text.trim()

/**
 * Line numbers for rows read by offset (the markup formats): the UI points at the line where a record starts, from
 * 1. A line ends at '\n', '\r\n' or a lone '\r', as editors count them.
 */

/** The offsets at which each line starts. */
export const lineStarts = (text: string): number[] => {
  const starts = [0]
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index)
    if (code === 10) starts.push(index + 1)
    else if (code === 13) {
      if (text.charCodeAt(index + 1) === 10) index++
      starts.push(index + 1)
    }
  }
  return starts
}

/** The 1-based line holding `offset`. */
export const lineAt = (starts: readonly number[], offset: number): number => {
  let low = 0
  let high = starts.length - 1
  while (low < high) {
    const middle = (low + high + 1) >> 1
    if ((starts[middle] ?? 0) <= offset) low = middle
    else high = middle - 1
  }
  return low + 1
}

/** Whitespace runs (line breaks included) as one space, trimmed: how names and titles are compared and shown. */
export const squeeze = (text: string): string => text.replace(/\s+/gu, ' ').trim()

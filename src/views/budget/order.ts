/**
 * Moving one item up or down among the items shown, within the full order (hidden items keep their places).
 * Returns the new full order, or null when the item cannot move that way.
 */
export const moveWithin = <T>(
  full: ReadonlyArray<T>,
  shown: ReadonlyArray<T>,
  item: T,
  direction: 'up' | 'down',
): ReadonlyArray<T> | null => {
  const at = shown.indexOf(item)
  if (at === -1) return null
  const neighbour = shown[direction === 'up' ? at - 1 : at + 1]
  if (neighbour === undefined) return null
  const from = full.indexOf(item)
  const to = full.indexOf(neighbour)
  if (from === -1 || to === -1) return null
  const next = [...full]
  next[from] = neighbour
  next[to] = item
  return next
}

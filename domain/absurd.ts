/**
 * Ends a switch that has handled every member of a union (`default: return absurd(event)`): when a member is added,
 * the call stops compiling until each switch has decided what that member does. Reached only by a value outside
 * its type (data written by a newer version, say).
 */
export const absurd = (value: never): never => {
  throw new Error(`Unhandled case: ${JSON.stringify(value)}`)
}

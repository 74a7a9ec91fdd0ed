import { MASKED, maskForInspector } from './mask.ts'

type Context = Record<string, unknown>
type EventLike = { type: string } & Record<string, unknown>

const asRecord = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? Object.fromEntries(Object.entries(value))
    : { value }

/** Masks a machine context; keeps its shape so the inspector still shows which keys exist. */
export const maskContext = (context: Context): Context => asRecord(maskForInspector(context))

/** Masks an event's payload but keeps its `type`, so transitions stay readable. */
export const maskEvent = (event: EventLike): EventLike => ({
  ...asRecord(maskForInspector(event)),
  type: event.type,
})

/** Snapshot fields that can carry data besides context (promise outputs, inputs, errors). */
const SNAPSHOT_DATA_KEYS = ['context', 'output', 'input', 'error'] as const

/** Masks the data parts of an actor snapshot; state value, status and tags stay readable. */
export const maskSnapshot = (snapshot: unknown): unknown => {
  if (typeof snapshot !== 'object' || snapshot === null) return snapshot
  const masked = asRecord(snapshot)
  for (const key of SNAPSHOT_DATA_KEYS) {
    if (key in masked) masked[key] = maskForInspector(masked[key])
  }
  return masked
}

/**
 * Options for `createBrowserInspector(...)` from @statelyai/inspect. sanitizeContext/sanitizeEvent
 * cover machine contexts and sent events; `serialize` also masks promise outputs, inputs and
 * errors, which the sanitizers never see.
 */
export const createInspectorSerializer = () => ({
  sanitizeContext: maskContext,
  sanitizeEvent: maskEvent,
  serialize: <T extends { type: string }>(inspectionEvent: T): T => {
    const copy: Record<string, unknown> = { ...inspectionEvent }
    if ('snapshot' in copy) copy.snapshot = maskSnapshot(copy.snapshot)
    if ('event' in copy && typeof copy.event === 'object' && copy.event !== null) {
      const event = asRecord(copy.event)
      copy.event = { ...asRecord(maskForInspector(event)), type: event.type }
    }
    // Same keys and type tag as the input; only leaf data changed to MASKED strings.
    return copy as T
  },
})

export { MASKED }

/** What a masked value looks like in the inspector: present, but unreadable. */
export const MASKED = '[masked]'

const normalize = (key: string): string => key.toLowerCase().replace(/[_\-\s]/g, '')

/** Money: any of these keys may carry an amount (minor units or formatted). */
const AMOUNT_KEYS = new Set([
  'value',
  'amount',
  'balance',
  'assigned',
  'activity',
  'available',
  'readytoassign',
  'budgeted',
  'spent',
  'income',
  'inflow',
  'outflow',
  'total',
  'sum',
  'minor',
  'price',
  'cleared',
  'uncleared',
  'overspent',
  'carryover',
  'target',
  'goal',
  'payment',
  'principal',
  'interest',
])
const AMOUNT_SUFFIXES = ['amount', 'balance', 'total', 'minor']

/** People and free text they typed. */
const PERSONAL_KEYS = new Set([
  'name',
  'payee',
  'memo',
  'note',
  'notes',
  'email',
  'phone',
  'iban',
  'accountnumber',
  'address',
  'description',
  'sub',
])
const PERSONAL_SUFFIXES = ['name', 'email', 'payee', 'memo', 'phone', 'iban']

/** Credentials: any key containing one of these. */
const SECRET_FRAGMENTS = [
  'token',
  'secret',
  'password',
  'codeverifier',
  'authorization',
  'cookie',
  'apikey',
  'credential',
  'sessionstate',
]
const SECRET_KEYS = new Set(['code', 'nonce'])

const JWT_PATTERN = /^eyJ[\w-]+\.[\w-]+\.[\w-]*$/
const BEARER_PATTERN = /^bearer\s/i

export const isSensitiveKey = (key: string): boolean => {
  const k = normalize(key)
  return (
    AMOUNT_KEYS.has(k) ||
    AMOUNT_SUFFIXES.some((suffix) => k.endsWith(suffix)) ||
    PERSONAL_KEYS.has(k) ||
    PERSONAL_SUFFIXES.some((suffix) => k.endsWith(suffix)) ||
    SECRET_KEYS.has(k) ||
    SECRET_FRAGMENTS.some((fragment) => k.includes(fragment))
  )
}

const isPlainObject = (value: object): boolean => {
  const proto = Object.getPrototypeOf(value)
  return proto === Object.prototype || proto === null
}

const hasToJSON = (value: object): value is { toJSON(): unknown } =>
  'toJSON' in value && typeof value.toJSON === 'function'

const maskWith = (value: unknown, seen: WeakSet<object>): unknown => {
  if (typeof value === 'string') {
    return JWT_PATTERN.test(value) || BEARER_PATTERN.test(value) ? MASKED : value
  }
  if (typeof value === 'function') return '[function]'
  if (value === null || typeof value !== 'object') return value
  if (seen.has(value)) return '[circular]'
  seen.add(value)
  if (Array.isArray(value)) return value.map((item) => maskWith(item, seen))
  if (value instanceof Map) return maskWith(Object.fromEntries(value), seen)
  if (value instanceof Set) return maskWith([...value], seen)
  if (value instanceof Error) return { name: value.name }
  // Actor refs and dates serialize themselves to something small; mask what they would send.
  if (!isPlainObject(value)) return hasToJSON(value) ? maskWith(value.toJSON(), seen) : '[object]'
  const masked: Record<string, unknown> = {}
  for (const [key, child] of Object.entries(value)) {
    masked[key] = isSensitiveKey(key) ? MASKED : maskWith(child, seen)
  }
  return masked
}

/**
 * A copy of `value` safe to show in the Stately inspector: amounts, personal data and
 * credentials are replaced by MASKED wherever they sit, however deep.
 */
export const maskForInspector = (value: unknown): unknown => maskWith(value, new WeakSet())

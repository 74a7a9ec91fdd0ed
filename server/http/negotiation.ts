interface MediaRange {
  readonly type: string
  readonly subtype: string
  readonly quality: number
}

const parseAccept = (accept: string): MediaRange[] =>
  accept.split(',').flatMap((part) => {
    const [range = '', ...parameters] = part.trim().split(';')
    const [type, subtype] = range.trim().toLowerCase().split('/')
    if (type === undefined || subtype === undefined || type === '') return []
    const qualityParameter = parameters.map((p) => p.trim().toLowerCase()).find((p) => p.startsWith('q='))
    const quality = qualityParameter === undefined ? 1 : Number.parseFloat(qualityParameter.slice(2))
    return [{ type, subtype, quality: Number.isFinite(quality) ? quality : 0 }]
  })

/** RFC 9110 §12.5.1: the most specific matching range decides a media type's quality. */
const qualityOf = (ranges: readonly MediaRange[], type: string, subtype: string): number => {
  const exact = ranges.find((r) => r.type === type && r.subtype === subtype)
  if (exact !== undefined) return exact.quality
  const typeWide = ranges.find((r) => r.type === type && r.subtype === '*')
  if (typeWide !== undefined) return typeWide.quality
  return ranges.find((r) => r.type === '*' && r.subtype === '*')?.quality ?? 0
}

/**
 * True for a browser navigation (Accept names text/html above JSON); false for curl's and fetch's
 * `*∕*`, for an explicit JSON request and for a missing header.
 */
export const prefersHtml = (accept: string | undefined): boolean => {
  if (accept === undefined || accept.trim() === '') return false
  const ranges = parseAccept(accept)
  const html = qualityOf(ranges, 'text', 'html')
  return html > 0 && html > qualityOf(ranges, 'application', 'json')
}

/**
 * The coding to compress an answer with (RFC 9110 §12.5.3): the first of `codings` the client accepts, by name or
 * through `*`, with a quality above zero; undefined when it accepts none of them (or sent no Accept-Encoding).
 */
export const preferredCoding = <Coding extends string>(
  acceptEncoding: string | undefined,
  codings: readonly Coding[],
): Coding | undefined => {
  if (acceptEncoding === undefined) return undefined
  const qualities = new Map(
    acceptEncoding.split(',').map((part) => {
      const [name = '', ...parameters] = part.trim().toLowerCase().split(';')
      const q = parameters.map((p) => p.trim()).find((p) => p.startsWith('q='))
      const quality = q === undefined ? 1 : Number.parseFloat(q.slice(2))
      return [name.trim(), Number.isFinite(quality) ? quality : 0] as const
    }),
  )
  return codings.find((coding) => (qualities.get(coding) ?? qualities.get('*') ?? 0) > 0)
}

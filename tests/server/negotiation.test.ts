import { describe, expect, it } from 'vitest'
import { preferredCoding, prefersHtml } from '../../server/http/negotiation.ts'
import { browserAccept, browserAcceptEncoding } from './support/browser.ts'

describe('prefersHtml', () => {
  it.each([
    ['a Chromium navigation', browserAccept, true],
    ['a Firefox navigation', 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', true],
    ['curl and fetch defaults', '*/*', false],
    ['no Accept header', undefined, false],
    ['an explicit JSON request', 'application/json', false],
    ['JSON ranked above HTML', 'text/html;q=0.5, application/json', false],
    ['HTML ranked above JSON', 'application/json;q=0.5, text/html', true],
    ['HTML refused', 'text/html;q=0, */*', false],
    ['a text/* wildcard', 'text/*', true],
  ])('%s → %s', (_name, accept, expected) => {
    expect(prefersHtml(accept)).toBe(expected)
  })
})

describe('preferredCoding', () => {
  const codings = ['zstd', 'br', 'gzip'] as const
  it.each([
    ['Chromium and Firefox', browserAcceptEncoding, 'zstd'],
    ['Safari', 'gzip, deflate, br', 'br'],
    ["Node's fetch", 'gzip, deflate', 'gzip'],
    ['gzip only', 'gzip', 'gzip'],
    ['brotli refused', 'br;q=0, gzip;q=0.5', 'gzip'],
    ['any coding', '*', 'zstd'],
    ['any but zstd and brotli', 'zstd;q=0, br;q=0, *', 'gzip'],
    ['identity only', 'identity', undefined],
    ['everything refused', '*;q=0', undefined],
    ['upper case and spaces', ' GZIP ; Q=1 ', 'gzip'],
    ['no header', undefined, undefined],
  ])('%s → %s', (_name, header, expected) => {
    expect(preferredCoding(header, codings)).toBe(expected)
  })
})

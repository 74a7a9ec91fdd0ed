import { describe, expect, it } from 'vitest'
import { ConfigError } from '../../../server/config.ts'
import { loadIdentityConfig } from '../../../server/identity/config.ts'

const load = (env: Record<string, string>) => loadIdentityConfig({ PORT: 8080, env })

describe('identity configuration', () => {
  it('defaults to the embedded provider on localhost, the dev server allowed, billing off', () => {
    expect(load({})).toEqual({
      publicOrigin: 'http://localhost:8080',
      webOrigins: ['http://localhost:8080', 'http://localhost:5173'],
      issuer: 'http://localhost:8080/auth',
      embedded: true,
      clientId: 'koperta-web',
      audience: 'urn:koperta:api',
      accessTokenTtlSeconds: 300,
      billing: false,
      smtpUrl: undefined,
      mailFrom: 'Koperta <no-reply@localhost>',
      secureCookies: false,
      insecurePublicOrigin: false,
    })
  })

  it('uses PUBLIC_URL for the issuer and Secure cookies over https, without the dev origin', () => {
    const config = load({ PUBLIC_URL: 'https://budget.example.com/', WEB_ORIGINS: 'https://app.example.com' })
    expect(config.issuer).toBe('https://budget.example.com/auth')
    expect(config.webOrigins).toEqual(['https://budget.example.com', 'https://app.example.com'])
    expect(config.secureCookies).toBe(true)
  })

  it('flags plain http outside localhost', () => {
    expect(load({ PUBLIC_URL: 'http://192.168.1.20:8080' }).insecurePublicOrigin).toBe(true)
  })

  it('switches to an external issuer with OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_AUDIENCE', () => {
    const config = load({
      OIDC_ISSUER: 'https://id.example.com/realms/home',
      OIDC_CLIENT_ID: 'budget',
      OIDC_AUDIENCE: 'https://api.example.com',
    })
    expect(config).toMatchObject({
      issuer: 'https://id.example.com/realms/home',
      embedded: false,
      clientId: 'budget',
      audience: 'https://api.example.com',
    })
  })

  it('refuses bad values, naming the variable', () => {
    expect(() => load({ PUBLIC_URL: 'ftp://x' })).toThrow(ConfigError)
    expect(() => load({ BILLING: 'maybe' })).toThrow(/BILLING/u)
    expect(() => load({ ACCESS_TOKEN_TTL: '1' })).toThrow(/ACCESS_TOKEN_TTL/u)
    expect(() => load({ SMTP_URL: 'mail.example.com' })).toThrow(/SMTP_URL/u)
    expect(() => load({ OIDC_ISSUER: 'not a url' })).toThrow(/OIDC_ISSUER/u)
  })
})

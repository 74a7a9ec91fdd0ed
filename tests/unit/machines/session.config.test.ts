import { describe, expect, it } from 'vitest'
import {
  OIDC_TIMINGS,
  resolveAuthSettings,
  SESSION_COOKIE_MAX_AGE_SECONDS,
} from '../../../src/auth/config.ts'

const origin = 'https://koperta.example'

describe('sign-in settings (SPEC §9)', () => {
  it('uses the SPEC timings', () => {
    expect(OIDC_TIMINGS).toEqual({
      accessTokenExpiringNotificationTimeInSeconds: 60,
      silentRequestTimeoutInSeconds: 10,
      staleStateAgeInSeconds: 900,
      checkSessionIntervalInSeconds: 2,
      popupHeight: 640,
    })
    expect(SESSION_COOKIE_MAX_AGE_SECONDS).toBe(14 * 24 * 60 * 60)
  })

  it("takes the server's answer, with redirects on the app host", async () => {
    const settings = await resolveAuthSettings(origin, async () => ({
      authority: 'https://id.example/realms/koperta',
      clientId: 'koperta',
      scope: 'openid profile api',
      resource: 'https://api.koperta.example',
      registrationUrl: null,
    }))
    expect(settings).toEqual({
      authority: 'https://id.example/realms/koperta',
      clientId: 'koperta',
      scope: 'openid profile api',
      resource: 'https://api.koperta.example',
      registrationUrl: null,
      redirectUri: 'https://koperta.example/callback',
      silentRedirectUri: 'https://koperta.example/silentRenew',
      postLogoutRedirectUri: 'https://koperta.example/',
    })
  })

  it('falls back to the embedded provider under this origin when the server cannot be asked', async () => {
    const settings = await resolveAuthSettings(origin, () => Promise.reject(new Error('offline')))
    expect(settings.authority).toBe('https://koperta.example/auth')
    expect(settings.clientId).toBe('koperta-web')
    expect(settings.scope.split(' ')).toEqual(expect.arrayContaining(['openid', 'profile', 'koperta-api']))
  })
})

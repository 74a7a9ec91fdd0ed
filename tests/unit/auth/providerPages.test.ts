import { describe, expect, it } from 'vitest'
import { embeddedDefaults, fromServerConfig } from '../../../src/auth/config.ts'
import { providerPages } from '../../../src/auth/providerPages.ts'

const app = 'https://app.example'

describe('the provider pages the app sends a person to', () => {
  it('registers and deletes on the embedded provider, each returning to its callback in the app', () => {
    const pages = providerPages(embeddedDefaults(app), app, 'de')
    expect(pages.register).toBe(
      'https://app.example/Identity/Account/Register?returnUrl=https%3A%2F%2Fapp.example%2Fregistration-callback&lang=de',
    )
    expect(pages.deleteAccount).toBe(
      'https://app.example/Identity/Account/Delete?returnUrl=https%3A%2F%2Fapp.example%2Fdelete-account-callback&lang=de',
    )
  })

  it('sends a person registering from an invitation back to it through the registration callback', () => {
    const pages = providerPages(embeddedDefaults(app), app, 'pl', '/invitation/abc')
    const returnUrl = new URL(pages.register ?? '').searchParams.get('returnUrl')
    expect(returnUrl).toBe('https://app.example/registration-callback?returnTo=%2Finvitation%2Fabc')
  })

  it('offers neither on an external provider, which has pages of its own', () => {
    const external = fromServerConfig(app, {
      authority: 'https://login.example/realms/koperta',
      clientId: 'koperta-web',
      scope: 'openid',
      resource: '',
      registrationUrl: null,
    })
    expect(providerPages(external, app, 'pl')).toEqual({ register: null, deleteAccount: null })
  })
})

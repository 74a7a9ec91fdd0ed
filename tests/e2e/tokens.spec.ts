import { expect, test } from '@playwright/test'
import { expectNoSeriousA11yViolations, signInThrough, snap } from './support.ts'

test('create a personal access token, use it against the API, revoke it', async ({ page, request }, info) => {
  test.setTimeout(60_000)
  await signInThrough(page, '/settings/tokens')
  await expect(page.getByRole('heading', { name: 'Tokeny dostępu' })).toBeVisible()

  // The name is required.
  await page.getByRole('button', { name: 'Utwórz token' }).click()
  await expect(page.getByText('Pole jest wymagane.')).toBeVisible()

  await page.getByRole('textbox', { name: 'Nazwa tokenu' }).fill('skrypt')
  await page.getByRole('button', { name: 'Utwórz token' }).click()
  const secretField = page.getByRole('textbox', { name: 'Token', exact: true })
  await expect(secretField).not.toHaveValue('')
  await expect(page.getByText(/Nie pokażemy go ponownie/u)).toBeVisible()
  const secret = await secretField.inputValue()
  const row = page.getByRole('listitem', { name: 'skrypt' })
  await expect(row).toBeVisible()
  await expectNoSeriousA11yViolations(page)
  await snap(page, info, 'tokens-created')

  const profileWith = (token: string) =>
    request.get('/api/user-profile', { headers: { authorization: `Bearer ${token}` } })
  expect((await profileWith(secret)).status()).toBe(200)

  // Revoking asks for confirmation first.
  await row.getByRole('button', { name: 'Unieważnij' }).click()
  await expect(row.getByText('Tej akcji nie można cofnąć. Kontynuować?')).toBeVisible()
  await snap(page, info, 'tokens-confirm')
  await row.getByRole('button', { name: 'Tak, unieważnij' }).click()
  await expect(row).toHaveCount(0)
  await expect(page.getByText('Token został unieważniony.')).toBeVisible()

  expect((await profileWith(secret)).status()).toBe(401)
})

import { expect, test } from '@playwright/test'
import { admin, registerThrough, snap, uniqueEmail } from './support.ts'

const dataDir = () => process.env.E2E_DATA_DIR ?? ''
const signInHeading = { name: 'Zaloguj się' } as const

test('register, stay signed in across a reload and a silent renewal, then sign out', async ({
  page,
}, info) => {
  test.setTimeout(90_000)
  // Signed out, a protected address leads to the provider; registering there returns to the full address.
  await registerThrough(page, '/settings/subscription?from=journey')
  await expect(page.getByRole('heading', { name: 'Subskrypcja' })).toBeVisible()
  await snap(page, info, 'signed-in')

  await page.reload()
  await expect(page).toHaveURL(/\/settings\/subscription\?from=journey$/u)
  await expect(page.getByRole('heading', { name: 'Subskrypcja' })).toBeVisible()

  // Tokens live 75 s in the test servers and are renewed 60 s before expiry: a renewal comes within ~15 s.
  const renewal = await page.waitForRequest(
    (request) =>
      request.method() === 'POST' &&
      new URL(request.url()).pathname === '/auth/token' &&
      (request.postData() ?? '').includes('grant_type=refresh_token'),
    { timeout: 40_000 },
  )
  expect((await renewal.response())?.status()).toBe(200)
  // The app's requests now carry the renewed token: a reload runs the guards, which read the profile.
  const [profile] = await Promise.all([
    page.waitForResponse((response) => new URL(response.url()).pathname === '/api/user-profile'),
    page.reload(),
  ])
  expect(profile.status()).toBe(200)
  expect(await profile.request().headerValue('authorization')).toMatch(/^Bearer /u)
  await page.getByRole('link', { name: 'Koperta — strona główna' }).click()
  await expect(page.getByRole('heading', { name: 'Twoje budżety' })).toBeVisible()

  // Sign out from the header menu; the provider asks to confirm, then the app root needs a sign-in again.
  await page.getByRole('button', { name: 'Menu' }).click()
  await page.getByRole('menuitem', { name: 'Wyloguj się' }).click()
  await page.getByRole('button', { name: 'Wyloguj się' }).click()
  await expect(page.getByRole('heading', signInHeading)).toBeVisible()
  await page.goto('/settings/subscription')
  await expect(page.getByRole('heading', signInHeading)).toBeVisible()
  await snap(page, info, 'signed-out')
})

test('a disabled user is signed out on entering the app', async ({ page }) => {
  const email = await registerThrough(page, '/settings/subscription')
  await expect(page.getByRole('heading', { name: 'Subskrypcja' })).toBeVisible()
  admin('user', ['disable', '--email', email], dataDir())
  await page.reload()
  // The app signs the disabled user out: the provider asks to confirm the sign-out.
  await expect(page.getByRole('heading', { name: 'Wylogowanie' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Subskrypcja' })).toHaveCount(0)
  await page.getByRole('button', { name: 'Wyloguj się' }).click()
  await expect(page.getByRole('heading', signInHeading)).toBeVisible()
})

test('an expired subscription lands on subscriptionExpired when entering a budget route', async ({
  page,
}, info) => {
  const billing = process.env.E2E_BILLING_URL ?? ''
  await page.goto(`${billing}/budget/some-budget/period/202611`)
  await page.getByRole('link', { name: 'Załóż konto' }).click()
  await page.getByLabel('Adres e-mail').fill(uniqueEmail('expired'))
  await page.getByLabel('Hasło', { exact: true }).fill('Correct-Horse-Battery-9')
  await page.getByRole('button', { name: 'Załóż konto' }).click()
  await expect(page).toHaveURL(/\/subscription-expired$/u)
  await expect(page.getByRole('heading', { name: 'Subskrypcja wygasła' })).toBeVisible()
  await snap(page, info, 'subscription-expired')
})

test('a personal access token works for scripts, and the API refuses everything else', async ({
  page,
  request,
}) => {
  const email = await registerThrough(page, '/settings/subscription')
  const token = admin('token', ['--email', email, '--name', 'e2e'], dataDir()).trim()
  const withToken = await request.get('/api/user-profile', { headers: { authorization: `Bearer ${token}` } })
  expect(withToken.status()).toBe(200)
  expect(await withToken.json()).toMatchObject({ email, isDisabled: false })

  const anonymous = await request.get('/api/user-profile')
  expect(anonymous.status()).toBe(401)
  expect(anonymous.headers()['www-authenticate']).toMatch(/^Bearer/u)
  const forged = await request.get('/api/user-profile', { headers: { authorization: `Bearer ${token}x` } })
  expect(forged.status()).toBe(401)
})

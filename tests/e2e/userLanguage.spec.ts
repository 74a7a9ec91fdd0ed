import { expect, test } from '@playwright/test'
import { PASSWORD, uniqueEmail } from './support.ts'

// Issue 27 §1: the language chosen on the registration or sign-in page is the app's, and the user's choice follows
// them to another browser (GET/PUT /api/user-settings), instead of staying in one browser's storage.

test('the language chosen at registration opens the app, and the app’s choice follows to another browser', async ({
  browser,
  page,
}, info) => {
  test.skip(info.project.name !== 'desktop', 'the language travels the same way on every device')
  const email = uniqueEmail('language')
  await page.goto('/budgets')
  await expect(page.getByRole('heading', { name: 'Zaloguj się' })).toBeVisible()
  await page.getByRole('link', { name: 'Załóż konto' }).click()
  await page.getByRole('link', { name: 'English' }).click()
  await expect(page.getByRole('heading', { name: 'Create an account' })).toBeVisible()
  await page.getByLabel('E-mail address').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await page.getByRole('button', { name: 'Create account' }).click()
  await page.waitForURL((url) => url.pathname === '/budgets')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your budgets')

  // In the app, the person picks German; another browser (no stored choice, Polish by default) opens in it.
  await page.getByRole('button', { name: 'English' }).click()
  const recorded = page.waitForResponse(
    (response) => response.url().endsWith('/api/user-settings') && response.request().method() === 'PUT',
  )
  await page.getByRole('menuitemradio', { name: 'Deutsch' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Deine Budgets')
  expect(await (await recorded).json()).toEqual({ locale: 'de' })

  const other = await browser.newContext({ locale: 'pl-PL', viewport: { width: 1280, height: 800 } })
  const elsewhere = await other.newPage()
  await elsewhere.goto('/budgets')
  await expect(elsewhere.getByRole('heading', { name: 'Zaloguj się' })).toBeVisible()
  await elsewhere.getByLabel('Adres e-mail').fill(email)
  await elsewhere.getByLabel('Hasło', { exact: true }).fill(PASSWORD)
  await elsewhere.getByRole('button', { name: 'Zaloguj się' }).click()
  await elsewhere.waitForURL((url) => url.pathname === '/budgets')
  await expect(elsewhere.getByRole('heading', { level: 1 })).toHaveText('Deine Budgets')
  await other.close()
})

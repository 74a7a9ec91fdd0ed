// Issue 30 §2–3: a read-only guest sees a shared budget and changes nothing; who else is here shows in the header.
import {
  type APIRequestContext,
  type Browser,
  expect,
  type Page,
  type TestInfo,
  test,
} from '@playwright/test'
import { api, arrangeBudget, workerToken } from './budgetData.ts'
import { accountWithToken } from './partners.ts'
import { currentPeriod, expectNoSeriousA11yViolations, PASSWORD, signInThrough, snap, zl } from './support.ts'

const BANNER = 'Masz dostęp tylko do podglądu tego budżetu. Zmiany może włączyć właściciel.'
const OWNER_NAME = 'Ola Nowak'

/** The owner (the worker's account) invites the guest; the guest accepts over the API. Returns the guest's user id. */
async function share(
  request: APIRequestContext,
  budgetId: string,
  guest: { email: string; token: string },
  access: 'Edit' | 'Read',
): Promise<string> {
  const invitation = await api(request, 'POST', `/api/budget/${budgetId}/invitations`, {
    email: guest.email,
    role: 'Guest',
    access,
  })
  const token = (invitation as { token: string }).token
  const accepted = await request.post(`/api/invitations/${token}/accept`, {
    headers: { authorization: `Bearer ${guest.token}` },
  })
  expect(accepted.status(), await accepted.text()).toBe(200)
  const members = (await api(request, 'GET', `/api/budget/${budgetId}/budget-collaborations`)) as Array<{
    userId: string
    email: string | null
  }>
  const member = members.find((row) => row.email === guest.email)
  if (member === undefined) throw new Error('the guest is not a member')
  return member.userId
}

/** Signs the guest in at `path` in a browser context of their own (the owner's stays open beside it). */
async function guestPage(
  browser: Browser,
  path: string,
  email: string,
  mobile: boolean,
  { withoutStream = false } = {},
): Promise<Page> {
  const context = await browser.newContext(
    mobile
      ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'pl-PL' }
      : { viewport: { width: 1280, height: 800 }, locale: 'pl-PL' },
  )
  const page = await context.newPage()
  // A page whose event stream never connects (a dropped connection) hears of no access change until it writes.
  if (withoutStream) await page.route('**/events/stream**', (route) => route.abort())
  await page.emulateMedia({ colorScheme: 'light' })
  await page.goto(path)
  await expect(page.getByRole('heading', { name: 'Zaloguj się' })).toBeVisible()
  await page.getByLabel('Adres e-mail').fill(email)
  await page.getByLabel('Hasło', { exact: true }).fill(PASSWORD)
  await page.getByRole('button', { name: 'Zaloguj się' }).click()
  await page.waitForURL((url) => `${url.pathname}${url.search}` === path)
  return page
}

/** Screenshots at the project's size and one more (desktop 1024×768, phones 320×640), then back. */
async function snapSizes(page: Page, info: TestInfo, name: string, mobile: boolean) {
  await snap(page, info, name)
  const size = page.viewportSize()
  await page.setViewportSize(mobile ? { width: 320, height: 640 } : { width: 1024, height: 768 })
  await snap(page, info, `${name}-${mobile ? 320 : 1024}`)
  if (size !== null) await page.setViewportSize(size)
}

const assignedInput = (page: Page, category: string) =>
  page.getByRole('textbox', { name: `Przydzielono: ${category}` })

test.beforeEach(async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' })
})

test('a read-only guest reads the budget and changes nothing; the owner is shown present', async ({
  page,
  request,
  browser,
}, info) => {
  test.setTimeout(180_000)
  const mobile = info.project.name === 'mobile'
  const budget = await arrangeBudget(request, `Wspólny ${info.project.name} ${Date.now()}`)
  const base = `/api/budget/${budget.id}`
  await api(request, 'PUT', `${base}/period/${currentPeriod}/categories/${budget.rentId}/assigned`, {
    value: 100_000,
  })
  await api(request, 'PUT', '/api/user-profile', { displayName: OWNER_NAME })
  const guest = accountWithToken('guest')
  const guestId = await share(request, budget.id, guest, 'Edit')
  const month = `/budget/${budget.id}/period/${currentPeriod}`

  // The owner has the budget open (its event stream makes it present).
  await signInThrough(page, month)
  await expect(page.getByRole('button', { name: 'Działania kategorii Czynsz', exact: true })).toBeVisible()

  // The guest (Edit for now) opens it too: the owner's initials are in the header, named in its label.
  const seen = await guestPage(browser, month, guest.email, mobile)
  const presence = seen.getByRole('img', { name: `Teraz w budżecie: ${OWNER_NAME}` })
  await expect(presence).toBeVisible()
  await expect(presence).toContainText('ON')
  await expect(seen.getByTestId('read-only-banner')).toHaveCount(0)
  await snapSizes(seen, info, 'presence-badges', mobile)

  // A second page of the guest's whose stream is down: it will not hear of the change below.
  const stale = await guestPage(browser, month, guest.email, mobile, { withoutStream: true })
  await expect(stale.getByRole('button', { name: 'Działania kategorii Jedzenie', exact: true })).toBeVisible()

  // The owner turns the guest's access to Read: the guest's open page turns read-only at once, without a write
  // (the stream says the members changed and the page reads its access again).
  const changed = await request.fetch(`${base}/budget-collaborations/${guestId}`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${workerToken()}` },
    data: { access: 'Read' },
  })
  expect(changed.status(), await changed.text()).toBe(200)
  await expect(seen.getByTestId('read-only-banner')).toHaveText(BANNER)
  await expect(seen.getByRole('button', { name: 'Działania kategorii Jedzenie', exact: true })).toHaveCount(0)
  // The page that did not hear of it: its next write is refused, says why, and that screen turns read-only too.
  // Hiding a category is one write from its row menu, on both layouts.
  await stale.getByRole('button', { name: 'Działania kategorii Jedzenie', exact: true }).click()
  await stale.getByRole('menuitem', { name: 'Ukryj', exact: true }).click()
  await expect(stale.locator('.toast').filter({ hasText: BANNER })).toBeVisible()
  await expect(stale.getByTestId('read-only-banner')).toHaveText(BANNER)
  // Rolled back (still shown) and no menu left to try again with.
  await expect(stale.getByText('Jedzenie', { exact: true })).toBeVisible()
  await expect(stale.getByRole('button', { name: 'Działania kategorii Jedzenie', exact: true })).toHaveCount(
    0,
  )
  await stale.context().close()

  // Opened afresh, the budget is read-only from the start: figures, no way to change them.
  await seen.goto(month)
  await expect(seen.getByTestId('read-only-banner')).toHaveText(BANNER)
  await expect(seen.getByText(zl('4 000,00')).first()).toBeVisible()
  await expect(seen.getByText(zl('1 000,00')).first()).toBeVisible()
  if (!mobile) {
    // The desktop's assigned amounts stay readable fields, read-only, their reason the banner.
    const rent = assignedInput(seen, 'Czynsz')
    await expect(rent).toHaveValue('1000,00')
    await expect(rent).toHaveAttribute('readonly', '')
    await expect(rent).toHaveAttribute('aria-describedby', 'budget-read-only-reason')
    // A keyboard write on the read-only field changes nothing.
    await rent.focus()
    await seen.keyboard.type('5')
    await seen.keyboard.press('Enter')
    await expect(rent).toHaveValue('1000,00')
  }
  for (const name of ['Dodaj grupę', 'Przydziel', 'Automatyczny przydział', 'Cofnij ostatni przydział']) {
    await expect(seen.getByRole('button', { name, exact: true })).toHaveCount(0)
    await expect(seen.getByRole('link', { name, exact: true })).toHaveCount(0)
  }
  await expect(seen.getByRole('button', { name: /^Działania (kategorii|grupy)/ })).toHaveCount(0)
  await expect(seen.getByRole('button', { name: /^Dodaj kategorię/ })).toHaveCount(0)
  await expectNoSeriousA11yViolations(seen)
  await snapSizes(seen, info, 'read-only-month', mobile)
  await seen.getByRole('button', { name: 'Ciemny motyw' }).click()
  await expect(seen.locator('html')).toHaveClass(/app-dark/)
  await expectNoSeriousA11yViolations(seen)
  await snap(seen, info, 'read-only-month-dark')
  await seen.getByRole('button', { name: 'Ciemny motyw' }).click()

  // Transactions: the list and its filters work; nothing adds, imports or saves a filter.
  await api(request, 'POST', `${base}/transactions`, {
    bankAccountId: budget.checkingId,
    date: new Date().toISOString().slice(0, 10),
    payee: 'Biedronka',
    value: -4_500,
    splits: [{ categoryId: budget.foodId, value: -4_500 }],
  })
  await seen.goto(mobile ? `${month}/all-transactions` : `${month}?view=transactions`)
  await expect(seen.getByTestId('read-only-banner')).toHaveText(BANNER)
  await expect(seen.getByRole('table', { name: 'Transakcje' })).toBeVisible()
  await expect(seen.getByRole('button', { name: 'Dodaj transakcję' })).toHaveCount(0)
  await expect(seen.getByRole('link', { name: 'Importuj z pliku' })).toHaveCount(0)
  await seen.getByRole('button', { name: 'Pokaż filtry' }).click()
  await expect(seen.getByRole('button', { name: 'Zapisz filtr' })).toHaveCount(0)
  await snap(seen, info, 'read-only-transactions')

  // Accounts: balances shown; no adding, no per-account actions.
  await seen.goto(mobile ? `${month}/bankAccounts` : `${month}?view=accounts`)
  await expect(seen.getByTestId('read-only-banner')).toHaveText(BANNER)
  await expect(seen.getByText('Konto osobiste').first()).toBeVisible()
  await expect(seen.getByRole('button', { name: 'Dodaj konto' })).toHaveCount(0)
  await expect(seen.getByRole('button', { name: /^Akcje konta/ })).toHaveCount(0)
  if (mobile) {
    await seen.getByRole('link', { name: 'Konto osobiste' }).first().click()
    await expect(seen.getByRole('heading', { name: 'Konto osobiste' }).first()).toBeVisible()
    for (const name of ['Uzgodnij saldo', 'Zmień nazwę', 'Zamknij konto', 'Importuj z pliku'])
      await expect(seen.getByRole('link', { name })).toHaveCount(0)
  }
  await snap(seen, info, 'read-only-accounts')
  await seen.context().close()
})

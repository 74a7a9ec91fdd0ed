import { expect, type Page, test } from '@playwright/test'
import { api, arrangeBudget } from './budgetData.ts'
import { expectNoClippedText } from './layout.ts'
import { currentPeriod, expectNoSeriousA11yViolations, signInThrough, snap, zl } from './support.ts'

// Issue 27 §1: an account's list starts from its opening balance ('Saldo początkowe'), shows the balance after each
// row and cleared + uncleared = working; 'Wszystkie transakcje' says that it lists every month; cut names show whole
// on hover (title) and on keyboard focus.

const day = (n: number) =>
  `${currentPeriod.slice(0, 4)}-${currentPeriod.slice(4)}-${String(n).padStart(2, '0')}`
const LONG_PAYEE =
  'Przedsiębiorstwo Handlowo-Usługowe Kowalski i Wspólnicy spółka z ograniczoną odpowiedzialnością'
const LONG_MEMO = 'Zakupy na cały miesiąc dla całej rodziny, razem z chemią i karmą dla psa'

async function arrange(request: Parameters<typeof api>[0], label: string) {
  const budget = await arrangeBudget(request, `Rejestr ${label} ${Date.now()}`, 500_000, day(1))
  const add = (payee: string, value: number, categoryId: string, date: string, cleared: boolean, memo = '') =>
    api(request, 'POST', `/api/budget/${budget.id}/transactions`, {
      bankAccountId: budget.checkingId,
      date,
      payee,
      memo,
      value,
      cleared,
      splits: [{ categoryId, value }],
    })
  await add('Biedronka', -4_500, budget.foodId, day(2), true)
  await add(LONG_PAYEE, -12_000, budget.foodId, day(3), false, LONG_MEMO)
  await add('Pracodawca', 500_000, budget.readyToAssignId, day(5), true)
  return budget
}

/** The register's rows, newest first: the amount and the balance after it (running balance). */
const ROWS = [
  ['Pracodawca', '5 000,00', '9 835,00'],
  [LONG_PAYEE, '-120,00', '4 835,00'],
  ['Biedronka', '-45,00', '4 955,00'],
  ['Saldo początkowe', '5 000,00', '5 000,00'],
] as const

async function expectRegister(page: Page) {
  const table = page.getByRole('table', { name: 'Transakcje' })
  const rows = table.locator('tbody tr')
  await expect(rows).toHaveCount(ROWS.length)
  for (const [at, [payee, amount, balance]] of ROWS.entries()) {
    const row = rows.nth(at)
    await expect(row.locator('.tx-cell--payee')).toHaveText(payee)
    await expect(row.locator('.tx-cell--amount')).toHaveText(zl(amount))
    await expect(row.locator('.tx-cell--balance')).toHaveText(`Saldo ${zl(balance)}`)
  }
  // The opening row goes to Ready to Assign, cleared.
  await expect(rows.nth(3).locator('.tx-cell--category')).toHaveText('Do przydzielenia')
}

for (const [width, height] of [
  [1280, 800],
  [1024, 768],
] as const) {
  test(`desktop ${width}×${height}: the account's register and the list of every month`, async ({
    page,
    request,
  }, info) => {
    test.skip(info.project.name !== 'desktop', 'desktop sizes')
    test.setTimeout(90_000)
    await page.setViewportSize({ width, height })
    const budget = await arrange(request, `${width}`)
    const month = `/budget/${budget.id}/period/${currentPeriod}`
    await signInThrough(page, `${month}?view=transactions&account=${budget.checkingId}`)

    await expect(page.getByRole('heading', { name: 'Konto osobiste', level: 1 })).toBeVisible()
    const totals = page.getByRole('region', { name: 'Salda konta' })
    await expect(totals).toContainText(`Zaksięgowane${zl('9 955,00')}`)
    await expect(totals).toContainText(`Oczekujące${zl('-120,00')}`)
    await expect(totals).toContainText(`Saldo${zl('9 835,00')}`)
    await expectRegister(page)
    await expectNoClippedText(page)
    await expectNoSeriousA11yViolations(page)
    await snap(page, info, `register-${width}-account`)

    // A cut payee shows whole on hover (title) and on keyboard focus (the focused row shows its texts whole).
    const longRow = page.getByRole('table', { name: 'Transakcje' }).locator('tbody tr').nth(1)
    const payee = longRow.locator('.tx-cell--payee')
    await expect(payee).toHaveAttribute('title', LONG_PAYEE)
    await expect(longRow.locator('.tx-cell--memo')).toHaveAttribute('title', LONG_MEMO)
    const cut = await payee.evaluate((element) => element.scrollWidth > element.clientWidth)
    await page.getByRole('table', { name: 'Transakcje' }).locator('tbody tr').first().focus()
    await page.keyboard.press('ArrowDown')
    await expect(longRow).toBeFocused()
    expect(await payee.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true)
    if (cut) await snap(page, info, `register-${width}-focused`)
    // The opening row opens no editor: it is the account's, not a transaction.
    const opening = page.getByRole('table', { name: 'Transakcje' }).locator('tbody tr').nth(3)
    await page.keyboard.press('End')
    await expect(opening).toBeFocused()
    await expect(opening.locator('.tx-cell--payee')).toHaveAttribute('title', /^Saldo początkowe konta z /)
    await page.keyboard.press('Enter')
    await page.getByRole('heading', { name: 'Konto osobiste', level: 1 }).click()
    await opening.click()
    await expect(page.getByRole('dialog')).toHaveCount(0)

    // Every transaction of the budget: the heading says it lists every month (no month switcher above it).
    await page.getByRole('link', { name: 'Wszystkie transakcje', exact: true }).click()
    await expect(page.getByRole('heading', { name: 'Wszystkie transakcje', level: 1 })).toBeVisible()
    await expect(page.getByText('Wszystkie miesiące i wszystkie konta, od najnowszych.')).toBeVisible()
    await expect(page.getByRole('link', { name: 'Poprzedni miesiąc' })).toHaveCount(0)
    await expect(page.getByRole('table', { name: 'Transakcje' }).locator('tbody tr')).toHaveCount(4)
    await expect(page.locator('.tx-cell--balance')).toHaveCount(0)
    await expectNoClippedText(page)
    await snap(page, info, `register-${width}-all`)
  })
}

test('phone 390×844: totals above the list, the balance under each amount', async ({
  page,
  request,
}, info) => {
  test.skip(info.project.name !== 'mobile', 'phone size')
  test.setTimeout(90_000)
  const budget = await arrange(request, 'phone')
  await signInThrough(page, `/budget/${budget.id}/period/${currentPeriod}/bankAccounts/${budget.checkingId}`)
  await expect(page.getByRole('heading', { name: 'Konto osobiste' })).toBeVisible()
  await expect(
    page.getByText('Wszystkie miesiące, od najnowszych; saldo po każdej transakcji.'),
  ).toBeVisible()
  await expectRegister(page)
  // The balance sits under the amount.
  const first = page.getByRole('table', { name: 'Transakcje' }).locator('tbody tr').first()
  const amountBox = await first.locator('.tx-cell--amount').boundingBox()
  const balanceBox = await first.locator('.tx-cell--balance').boundingBox()
  expect(balanceBox?.y ?? 0).toBeGreaterThan(amountBox?.y ?? 0)
  expect(
    Math.abs((balanceBox?.x ?? 0) + (balanceBox?.width ?? 0) - (amountBox?.x ?? 0) - (amountBox?.width ?? 0)),
  ).toBeLessThan(2)
  await expectNoClippedText(page)
  await expectNoSeriousA11yViolations(page)
  await snap(page, info, 'register-390-account')

  await page.goto(`/budget/${budget.id}/period/${currentPeriod}/all-transactions`)
  await expect(page.getByText('Wszystkie miesiące i wszystkie konta, od najnowszych.')).toBeVisible()
  // The top bar names the list: the pane does not name it again.
  await expect(page.getByRole('heading', { name: 'Wszystkie transakcje' })).toHaveCount(1)
  await expect(page.getByRole('table', { name: 'Transakcje' }).locator('tbody tr')).toHaveCount(4)
  await expectNoClippedText(page)
  await snap(page, info, 'register-390-all')
})

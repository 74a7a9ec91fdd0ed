import { expect, type TestInfo, test } from '@playwright/test'
import { api, arrangeBudget } from './budgetData.ts'
import { accountWithToken } from './partners.ts'
import { currentPeriod, expectNoSeriousA11yViolations, signInThrough, snap, today } from './support.ts'

// Issue 30 "who did what": the transaction list shows who entered each transaction once the budget is shared.

const transactionsPath = (info: TestInfo, budgetId: string) =>
  info.project.name === 'mobile'
    ? `/budget/${budgetId}/${currentPeriod}/transactions`
    : `/budget/${budgetId}/period/${currentPeriod}?view=transactions`

test('the owner sees who entered each transaction once a partner joined', async ({ page, request }, info) => {
  const budget = await arrangeBudget(request, `Autorzy ${Date.now()}`)
  const base = `/api/budget/${budget.id}`
  const spend = (payee: string) => ({
    bankAccountId: budget.checkingId,
    date: today,
    payee,
    value: -2_500,
    splits: [{ categoryId: budget.foodId, value: -2_500 }],
  })
  await api(request, 'POST', `${base}/transactions`, spend('Piekarnia'))

  // Alone in the budget: no author anywhere.
  await signInThrough(page, transactionsPath(info, budget.id))
  await expect(page.getByRole('row').filter({ hasText: 'Piekarnia' })).toBeVisible()
  await expect(page.getByTestId('transaction-author')).toHaveCount(0)

  // The partner joins through the API and enters a transaction of their own.
  const partner = accountWithToken('partner')
  const asPartner = { authorization: `Bearer ${partner.token}` }
  const invitation = (await api(request, 'POST', `${base}/invitations`, {
    email: partner.email,
    role: 'Guest',
    access: 'Edit',
  })) as { token: string }
  expect(
    (await request.post(`/api/invitations/${invitation.token}/accept`, { headers: asPartner })).status(),
  ).toBe(200)
  expect(
    (await request.put('/api/user-profile', { headers: asPartner, data: { displayName: 'Ola' } })).status(),
  ).toBe(200)
  expect(
    (await request.post(`${base}/transactions`, { headers: asPartner, data: spend('Warzywniak') })).status(),
  ).toBe(201)

  await page.goto(transactionsPath(info, budget.id))
  const partnerRow = page.getByRole('row').filter({ hasText: 'Warzywniak' })
  const ownRow = page.getByRole('row').filter({ hasText: 'Piekarnia' })
  await expect(partnerRow.getByTestId('transaction-author')).toContainText('Ola')
  await expect(partnerRow.getByTestId('transaction-author')).toContainText('Wprowadzone przez: Ola')
  await expect(ownRow.getByTestId('transaction-author')).toContainText('Wprowadzone przez Ciebie')
  // The author stays inside the payee cell: the payee is still there, whole enough to read.
  await expect(partnerRow.getByText('Warzywniak')).toBeVisible()
  await expectNoSeriousA11yViolations(page)
  await snap(page, info, 'authorship-list')

  // The narrower screen of each kind (a 1024 px laptop, a 320 px phone): the payee keeps room beside the author.
  const narrow = info.project.name === 'mobile' ? { width: 320, height: 640 } : { width: 1024, height: 768 }
  await page.setViewportSize(narrow)
  await expect(partnerRow.getByTestId('transaction-author')).toBeVisible()
  const payeeBox = await partnerRow.locator('.tx-payee').boundingBox()
  expect(payeeBox?.width ?? 0).toBeGreaterThan(60)
  await snap(page, info, `authorship-list-${narrow.width}`)
})

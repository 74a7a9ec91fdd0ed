import { expect, test } from '@playwright/test'
import { api, arrangeBudget } from './budgetData.ts'
import { expectNoClippedText } from './layout.ts'
import {
  currentPeriod,
  expectNoSeriousA11yViolations,
  signInThrough,
  snap,
  today,
  workerAccount,
  zl,
} from './support.ts'

// Issue 30 §3 "who did what": the budget's changes, newest first, each said as "<who>: <what>" without a verb (no
// grammatical gender), reached from the budget's navigation, filterable by person, on both viewports. One account
// for now: the two-person variant waits for the invitation routes (branch shareserver).

test('activity: the feed tells who did what, from the budget navigation, filtered by person', async ({
  page,
  request,
}, info) => {
  const mobile = info.project.name === 'mobile'
  const budget = await arrangeBudget(request, `Aktywność ${info.project.name} ${Date.now()}`)
  const base = `/api/budget/${budget.id}`
  await api(request, 'PUT', `${base}/period/${currentPeriod}/categories/${budget.foodId}/assigned`, {
    value: 30_000,
  })
  await api(request, 'POST', `${base}/transactions`, {
    bankAccountId: budget.checkingId,
    date: today,
    payee: 'Biedronka',
    value: -4_520,
    splits: [{ categoryId: budget.foodId, value: -4_520 }],
  })
  const kino = (await api(request, 'POST', `${base}/categories`, {
    categoryGroupId: budget.groupId,
    name: 'Kino',
    type: 'Expense',
  })) as { id: string }
  await api(request, 'DELETE', `${base}/categories/${kino.id}?moveToCategoryId=${budget.foodId}`)

  await signInThrough(page, `/budget/${budget.id}/period/${currentPeriod}`)
  if (mobile) {
    await page.getByRole('button', { name: 'Menu' }).click()
    await page.getByRole('menuitem', { name: 'Aktywność' }).click()
  } else {
    await page.getByRole('link', { name: 'Aktywność' }).click()
  }
  await expect(page).toHaveURL(new RegExp(`/budget/${budget.id}/activity$`, 'u'))

  const entries = page.getByRole('list', { name: 'Zmiany w budżecie' }).getByRole('listitem')
  const me = workerAccount()
  // Newest first, each with the author's name (their e-mail until they set a display name).
  await expect(entries.nth(0)).toContainText(
    `${me}: usunięcie kategorii Kino (transakcje przeniesione do kategorii Jedzenie)`,
  )
  await expect(entries.nth(1)).toContainText(`${me}: nowa kategoria Kino`)
  await expect(entries.nth(2)).toContainText(`${me}: nowa transakcja Biedronka ${zl('-45,20')}`)
  await expect(entries.nth(2)).toContainText('na koncie Konto osobiste')
  await expect(entries.nth(3)).toContainText(`${me}: przydział ${zl('300,00')} do kategorii Jedzenie`)
  // Everything fits one page: nothing older to show.
  await expect(page.getByRole('button', { name: 'Pokaż starsze' })).toHaveCount(0)

  // The filter by person, by keyboard: the person's entries are the same ones.
  const filter = page.getByLabel('Osoba')
  // A touch target, not a bare native select.
  expect((await filter.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44)
  await filter.focus()
  await filter.selectOption({ label: me })
  await expect(filter).toHaveValue(/.+/u)
  await expect(entries.nth(0)).toContainText('usunięcie kategorii Kino')
  await filter.selectOption({ label: 'Wszyscy' })
  await expect(entries.nth(3)).toContainText('przydział')

  await expectNoClippedText(page)
  await expectNoSeriousA11yViolations(page)
  await snap(page, info, 'activity')
  // From the narrowest phone to a wide screen: every entry readable, nothing cut.
  for (const width of mobile ? [320] : [1024, 1920]) {
    await page.setViewportSize({ width, height: 800 })
    await expect(entries.nth(0)).toBeVisible()
    await expectNoClippedText(page)
    await snap(page, info, `activity-${width}`)
  }
})

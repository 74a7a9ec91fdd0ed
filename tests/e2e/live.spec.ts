import { expect, type Page, test } from '@playwright/test'
import { api, arrangeBudget } from './budgetData.ts'
import { currentPeriod, signInThrough, snap, today, zl } from './support.ts'

// Issue 5: a change made in one browser appears in another browser open on the same budget (the event stream),
// with no reload; and a phone 320 px wide shows every screen of the month without scrolling sideways, with touch
// targets of at least 44 px.

const readyToAssign = (page: Page) => page.getByTestId('ready-to-assign')

test('a change in one browser shows in another open on the same budget', async ({
  browser,
  page,
  request,
}, info) => {
  test.skip(
    info.project.name !== 'desktop',
    'one pair of browsers is enough; the stream is the same on phones',
  )
  const budget = await arrangeBudget(request, `Na żywo ${Date.now()}`)
  const path = `/budget/${budget.id}/period/${currentPeriod}`
  await signInThrough(page, path)
  const other = await browser.newContext({
    baseURL: info.project.use.baseURL ?? '',
    viewport: { width: 1280, height: 800 },
    locale: 'pl-PL',
  })
  const partner = await other.newPage()
  await signInThrough(partner, path)
  await expect(readyToAssign(partner)).toHaveText(zl('5 000,00'))

  const field = page.getByLabel('Przydzielono: Czynsz', { exact: true })
  await field.fill('1 200')
  await field.press('Enter')
  await expect(readyToAssign(page)).toHaveText(zl('3 800,00'))
  const shown = Date.now()
  await expect(readyToAssign(partner)).toHaveText(zl('3 800,00'))
  await expect(partner.getByLabel('Przydzielono: Czynsz', { exact: true })).toHaveValue('1200,00')
  // The figure the issue names (≤ 1 s) is the stream's latency; kept as test output, not asserted.
  info.annotations.push({
    type: 'seen by the other browser after (ms)',
    description: String(Date.now() - shown),
  })
  await other.close()
})

test('an import made elsewhere shows at once in a budget open in the browser', async ({
  page,
  request,
}, info) => {
  test.skip(info.project.name !== 'desktop', 'the stream is the same on phones')
  const budget = await arrangeBudget(request, `Import na żywo ${Date.now()}`)
  await signInThrough(page, `/budget/${budget.id}/period/${currentPeriod}`)
  await expect(readyToAssign(page)).toHaveText(zl('5 000,00'))
  // One TransactionsImported on the stream: an inflow to Income and a purchase, folded by the open budget.
  await api(request, 'POST', `/api/budget/${budget.id}/transactions/bulk`, {
    items: [
      {
        bankAccountId: budget.checkingId,
        date: today,
        payee: 'Premia',
        value: 70_000,
        splits: [{ categoryId: budget.salaryId, value: 70_000 }],
      },
      {
        bankAccountId: budget.checkingId,
        date: today,
        payee: 'Piekarnia',
        value: -1_500,
        splits: [{ categoryId: budget.foodId, value: -1_500 }],
      },
    ],
  })
  await expect(readyToAssign(page)).toHaveText(zl('5 700,00'))
  await snap(page, info, 'month-after-live-import')
})

test('an event from a newer server that this app cannot read: the budget is re-read and stays live', async ({
  page,
  request,
}, info) => {
  test.skip(info.project.name !== 'desktop', 'the stream is the same on phones')
  const budget = await arrangeBudget(request, `Nowszy serwer ${Date.now()}`)
  // A tab opened before a deploy: at the version it read, the stream brings an event type it has never heard of
  // (the real change behind it is made here), however often it asks again from that version.
  let openedAfter: string | null | undefined
  await page.route(/\/events\/stream\?/, async (route) => {
    const after = new URL(route.request().url()).searchParams.get('after')
    if (openedAfter === undefined) {
      openedAfter = after
      await api(
        request,
        'PUT',
        `/api/budget/${budget.id}/period/${currentPeriod}/categories/${budget.rentId}/assigned`,
        {
          value: 120_000,
        },
      )
    }
    if (after !== openedAfter) return route.fallback()
    const seq = Number(after) + 1
    const newer = { seq, commandId: null, data: { _tag: 'EnvelopesFolded', at: new Date().toISOString() } }
    return route.fulfill({
      status: 200,
      contentType: 'text/event-stream',
      body: `id: ${seq}\ndata: ${JSON.stringify(newer)}\n\n`,
    })
  })
  await signInThrough(page, `/budget/${budget.id}/period/${currentPeriod}`)
  await expect(readyToAssign(page)).toHaveText(zl('3 800,00'))
  await expect(page.getByLabel('Przydzielono: Czynsz', { exact: true })).toHaveValue('1200,00')
  // And the stream goes on from the version it re-read.
  await api(
    request,
    'PUT',
    `/api/budget/${budget.id}/period/${currentPeriod}/categories/${budget.rentId}/assigned`,
    {
      value: 100_000,
    },
  )
  await expect(readyToAssign(page)).toHaveText(zl('4 000,00'))
  await snap(page, info, 'month-after-newer-server-event')
})

test('a 320 px phone: no sideways scrolling, touch targets of 44 px', async ({ page, request }, info) => {
  test.skip(info.project.name !== 'mobile', 'the phone layout')
  await page.setViewportSize({ width: 320, height: 640 })
  const budget = await arrangeBudget(request, `Wąski telefon ${Date.now()}`)
  const month = `/budget/${budget.id}/period/${currentPeriod}`
  await signInThrough(page, month)
  for (const path of [
    month,
    `${month}/categories/${budget.foodId}`,
    `${month}/bankAccounts`,
    `${month}/all-transactions`,
    '/budget/list',
  ]) {
    await test.step(path, async () => {
      if (page.url() !== new URL(path, page.url()).href) await page.goto(path)
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
      // What reaches past the screen's right edge (the innermost such elements name the culprit).
      const past = await page.evaluate(() =>
        [...document.body.querySelectorAll<HTMLElement>('*')]
          .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 0.5)
          .filter(
            (element) =>
              ![...element.children].some(
                (child) => child.getBoundingClientRect().right > window.innerWidth + 0.5,
              ),
          )
          .map(
            (element) =>
              `${element.tagName.toLowerCase()}.${element.className} ${Math.round(element.getBoundingClientRect().right)}`,
          ),
      )
      expect(past, 'the page scrolls sideways').toEqual([])
      const small = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('button, a[href], input, [role="button"], [role="link"]')]
          .filter((element) => {
            // Visible to people, not only to screen readers (react-aria clips its dismiss buttons away).
            const clipped = (node: Element | null): boolean =>
              node !== null &&
              (getComputedStyle(node).clipPath === 'inset(50%)' || clipped(node.parentElement))
            return (
              element.getClientRects().length > 0 &&
              getComputedStyle(element).visibility !== 'hidden' &&
              !clipped(element)
            )
          })
          // A control inside its label (react-aria's switches, radios and checkboxes) is pressed through the label.
          .map((element) => ({ element, box: (element.closest('label') ?? element).getBoundingClientRect() }))
          .filter(({ box }) => box.width > 1 && box.height > 1)
          .filter(({ box }) => box.height < 44 || box.width < 44)
          .map(
            ({ element, box }) =>
              `${element.tagName.toLowerCase()} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)}" ${Math.round(box.width)}×${Math.round(box.height)}`,
          ),
      )
      expect(small, 'touch targets under 44 px').toEqual([])
      if (path === month) await snap(page, info, 'month-320')
    })
  }
})

import { expect, type Locator, type Page, test } from '@playwright/test'
import { expectNoClippedText } from './layout.ts'
import { admin, expectNoSeriousA11yViolations, PASSWORD, snap, uniqueEmail } from './support.ts'

/** A fresh account (its first sign-in brings the Welcome notification), signed in at `path`. */
async function freshAccountAt(page: Page, path: string): Promise<void> {
  const email = uniqueEmail('notify')
  admin('user', ['create', '--email', email], process.env.E2E_DATA_DIR ?? '', `${PASSWORD}\n`)
  await page.goto(path)
  await expect(page.getByRole('heading', { name: 'Zaloguj się' })).toBeVisible()
  await page.getByLabel('Adres e-mail').fill(email)
  await page.getByLabel('Hasło', { exact: true }).fill(PASSWORD)
  await page.getByRole('button', { name: 'Zaloguj się' }).click()
  await page.waitForURL((url) => url.pathname === path)
}

/** Toggles a switch or checkbox from the keyboard (react-aria draws the box over the native input). */
async function toggle(control: Locator): Promise<void> {
  await control.focus()
  await control.press('Space')
}

/** The 24-hour time field labelled "Godzina": its hour and minute segments are spinbuttons, typed into. */
const timeSegments = (scope: Locator): Locator =>
  scope.getByRole('group', { name: 'Godzina' }).getByRole('spinbutton')

async function fillTime(scope: Locator, time: string): Promise<void> {
  const [hour = '', minute = ''] = time.split(':')
  await timeSegments(scope).nth(0).pressSequentially(hour)
  await timeSegments(scope).nth(1).pressSequentially(minute)
}

async function expectTime(scope: Locator, time: string): Promise<void> {
  const [hour = '', minute = ''] = time.split(':')
  await expect(timeSegments(scope).nth(0)).toHaveText(hour)
  await expect(timeSegments(scope).nth(1)).toHaveText(minute)
}

const isMobile = (page: Page) => (page.viewportSize()?.width ?? 1280) <= 992

test('reminders are saved, checked and kept over a reload', async ({ page }, info) => {
  test.setTimeout(90_000)
  const path = isMobile(page) ? '/settings/reminder' : '/settings/reminders'
  await freshAccountAt(page, path)
  await expect(page.getByRole('heading', { name: 'Przypomnienia', level: 1 })).toBeVisible()
  const zone = page.getByRole('combobox', { name: 'Strefa czasowa' })
  await expect(zone).toHaveValue('Europe/Warsaw')

  const spending = page.getByRole('region', { name: 'Przypomnienie o wydatkach' })
  await toggle(spending.getByRole('switch', { name: 'Przypominaj o wpisaniu dzisiejszych wydatków' }))
  await fillTime(spending, '21:30')
  // Every day is on by default: a reminder with no day is refused, with the reason beside the days.
  for (const day of ['poniedziałek', 'wtorek', 'środa', 'czwartek', 'piątek', 'sobota', 'niedziela'])
    await toggle(spending.getByRole('checkbox', { name: day }))
  await page.getByRole('button', { name: 'Zapisz' }).click()
  await expect(spending.getByText('Wybierz co najmniej jeden dzień albo wyłącz przypomnienie.')).toBeVisible()
  await toggle(spending.getByRole('checkbox', { name: 'poniedziałek' }))
  await toggle(spending.getByRole('checkbox', { name: 'czwartek' }))
  await zone.selectOption('America/New_York')
  if (!isMobile(page)) {
    const drafts = page.getByRole('group', { name: 'Transakcje do zatwierdzenia' })
    await toggle(drafts.getByRole('checkbox', { name: 'Push' }))
  }
  await page.getByRole('button', { name: 'Zapisz' }).click()
  await expect(page.getByText('Ustawienia powiadomień zapisane.')).toBeVisible()
  await expectNoSeriousA11yViolations(page)
  await snap(page, info, 'reminders-saved')

  await page.reload()
  await expect(page.getByRole('combobox', { name: 'Strefa czasowa' })).toHaveValue('America/New_York')
  const kept = page.getByRole('region', { name: 'Przypomnienie o wydatkach' })
  await expect(
    kept.getByRole('switch', { name: 'Przypominaj o wpisaniu dzisiejszych wydatków' }),
  ).toBeChecked()
  await expectTime(kept, '21:30')
  await expect(kept.getByRole('checkbox', { name: 'poniedziałek' })).toBeChecked()
  await expect(kept.getByRole('checkbox', { name: 'czwartek' })).toBeChecked()
  await expect(kept.getByRole('checkbox', { name: 'wtorek' })).not.toBeChecked()
  if (!isMobile(page))
    await expect(
      page
        .getByRole('group', { name: 'Transakcje do zatwierdzenia' })
        .getByRole('checkbox', { name: 'Push' }),
    ).toBeChecked()
})

test('the phone chooses the channels on settings/notifications', async ({ page }) => {
  test.skip(!isMobile(page), 'the desktop chooses channels on its reminders page')
  test.setTimeout(90_000)
  await freshAccountAt(page, '/settings/notifications')
  const drafts = page.getByRole('group', { name: 'Transakcje do zatwierdzenia' })
  await toggle(drafts.getByRole('checkbox', { name: 'E-mail' }))
  await page.getByRole('button', { name: 'Zapisz' }).click()
  await expect(page.getByText('Ustawienia powiadomień zapisane.')).toBeVisible()
  await page.reload()
  await expect(
    page
      .getByRole('group', { name: 'Transakcje do zatwierdzenia' })
      .getByRole('checkbox', { name: 'E-mail' }),
  ).not.toBeChecked()
  await expect(
    page.getByRole('button', { name: 'Włącz powiadomienia push w tej przeglądarce' }),
  ).toBeVisible()
})

test('the bell shows the Welcome notification of a new user and marks it read', async ({ page }, info) => {
  test.setTimeout(90_000)
  await freshAccountAt(page, '/settings/tokens')
  const bell = page.getByRole('button', { name: 'Powiadomienia, 1 nieprzeczytane' })
  await expect(bell).toBeVisible()
  await bell.click()
  const centre = page.getByRole('dialog', { name: 'Powiadomienia' })
  await expect(centre.getByText('Witaj w Kopercie!')).toBeVisible()
  await snap(page, info, 'notification-centre')
  await expectNoSeriousA11yViolations(page)
  // Escape closes it and gives the focus back to the bell.
  await page.keyboard.press('Escape')
  await expect(centre).toHaveCount(0)
  await expect(page.getByRole('button', { name: /^Powiadomienia/u })).toBeFocused()

  await page.getByRole('button', { name: /^Powiadomienia/u }).click()
  await page.getByRole('button', { name: 'Oznacz wszystkie jako przeczytane' }).click()
  await expect(page.getByRole('button', { name: 'Powiadomienia', exact: true })).toBeVisible()
  // Nothing unread is left: the button goes away.
  await expect(page.getByRole('button', { name: 'Oznacz wszystkie jako przeczytane' })).toHaveCount(0)
  await page.keyboard.press('Escape')
  await page.reload()
  await expect(page.getByRole('button', { name: 'Powiadomienia', exact: true })).toBeVisible()

  // An entry opens its link, the app's home: the last budget, or for this new user the onboarding.
  await page.getByRole('button', { name: 'Powiadomienia', exact: true }).click()
  await page
    .getByRole('dialog', { name: 'Powiadomienia' })
    .getByRole('button', { name: /Witaj w Kopercie!/u })
    .click()
  await expect(page.getByRole('dialog', { name: 'Powiadomienia' })).toHaveCount(0)
  await page.waitForURL((url) => url.pathname === '/onboarding/survey')
})

test('the settings and the centre fit at 320 px (phone) and 1024 px (desktop)', async ({ page }, info) => {
  test.setTimeout(90_000)
  const mobile = isMobile(page)
  await page.setViewportSize(mobile ? { width: 320, height: 640 } : { width: 1024, height: 768 })
  await freshAccountAt(page, mobile ? '/settings/notifications' : '/settings/reminders')
  await expect(page.getByRole('button', { name: 'Zapisz' })).toBeVisible()
  await expectNoClippedText(page)
  await snap(page, info, `settings-${mobile ? 320 : 1024}`)
  if (mobile) {
    await page.goto('/settings/reminder')
    await expect(page.getByRole('button', { name: 'Zapisz' })).toBeVisible()
    await expectNoClippedText(page)
    await snap(page, info, 'reminder-320')
  }
  await page.getByRole('button', { name: /^Powiadomienia/u }).click()
  await expect(
    page.getByRole('dialog', { name: 'Powiadomienia' }).getByText('Witaj w Kopercie!'),
  ).toBeVisible()
  await expectNoClippedText(page)
  await snap(page, info, `centre-${mobile ? 320 : 1024}`)
})

test('the service worker shows a push message from its JSON payload', async ({ page, context }) => {
  test.skip(isMobile(page), 'one browser check is enough: the worker is the same')
  test.setTimeout(90_000)
  await context.grantPermissions(['notifications'])
  await freshAccountAt(page, '/settings/reminders')
  // The production build registers /sw.js at start.
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope)
  const cdp = await context.newCDPSession(page)
  await cdp.send('ServiceWorker.enable')
  const registrationId = await new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const found = registrations.find((registration) => registration.scopeURL === scope)
      if (found !== undefined) resolve(found.registrationId)
    })
  })
  // What the server's push sender sends (server/notifications/push.ts): JSON {title, body, link}.
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: new URL(scope).origin,
    registrationId,
    data: JSON.stringify({ title: 'Wpisz dzisiejsze wydatki', body: 'Kilka chwil teraz.', link: '/budgets' }),
  })
  await expect
    .poll(() =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((shown) => [
          shown.title,
          shown.body,
        ]),
      ),
    )
    .toEqual([['Wpisz dzisiejsze wydatki', 'Kilka chwil teraz.']])
})

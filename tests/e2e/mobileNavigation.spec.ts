// The phone's shell (issue 27 §1, §3): a bottom tab bar from which every screen of the mobile set is at most two taps
// from the month, menus that show nothing unfinished as working, the welcome screens and the settings page. Desktop
// keeps its side panel and shows no tab bar.
import { expect, type Locator, type Page, test } from '@playwright/test'
import { arrangeBudget } from './budgetData.ts'
import { expectNoClippedText } from './layout.ts'
import { currentPeriod, expectNoSeriousA11yViolations, signInThrough, snap } from './support.ts'

const tabBar = (page: Page) => page.getByRole('navigation', { name: 'Główne sekcje' })
const tab = (page: Page, name: string) => tabBar(page).getByRole('link', { name, exact: true })
const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true })
/** A choice of the settings page (react-aria draws the radio's input hidden inside its label: the label is pressed). */
const choose = (page: Page, group: 'language' | 'theme', name: string) =>
  page
    .locator('.settings__choices')
    .nth(group === 'language' ? 0 : 1)
    .getByText(name, { exact: true })
    .click()
const NOT_BUILT = ['Subskrypcja', 'Polecaj'] as const

/** Taps (clicks on a touch screen) through `steps`, then checks where it landed. */
type Route = {
  readonly name: string
  readonly steps: ReadonlyArray<(page: Page) => Locator>
  readonly arrived: (page: Page) => Promise<void>
}

test.beforeEach(async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' })
})

test.describe('phone', () => {
  test.beforeEach(({ page: _page }, info) => {
    test.skip(info.project.name !== 'mobile', 'the tab bar belongs to the mobile route tree')
  })

  test('every screen of the phone is at most two taps from the month', async ({ page, request }, info) => {
    test.setTimeout(120_000)
    const budget = await arrangeBudget(request, 'Dwa stuknięcia')
    const month = `/budget/${budget.id}/period/${currentPeriod}`
    await signInThrough(page, month)
    await expect(tab(page, 'Budżet')).toHaveAttribute('aria-current', 'page')
    // Statistics is not built: no tab pretends it is.
    await expect(tabBar(page).getByRole('link')).toHaveText(['Budżet', 'Konta', 'Transakcje', 'Więcej'])
    await expectNoSeriousA11yViolations(page)
    await snap(page, info, 'tabs-month')

    const dialog = (name: string) => async (current: Page) => {
      await expect(current.getByRole('dialog').getByRole('heading', { name })).toBeVisible()
    }
    const page1 = (name: string) => async (current: Page) => {
      await expect(heading(current, name)).toBeVisible()
    }
    const routes: ReadonlyArray<Route> = [
      { name: 'accounts', steps: [(p) => tab(p, 'Konta')], arrived: page1('Konta bankowe') },
      {
        name: 'one account',
        steps: [(p) => tab(p, 'Konta'), (p) => p.getByRole('link', { name: 'Konto osobiste' }).first()],
        arrived: async (p) => {
          await expect(p).toHaveURL(new RegExp(`/bankAccounts/${budget.checkingId}$`, 'u'))
        },
      },
      {
        name: 'add an account',
        steps: [(p) => tab(p, 'Konta'), (p) => p.getByRole('button', { name: 'Dodaj konto' })],
        arrived: dialog('Wybierz rodzaj konta'),
      },
      { name: 'transactions', steps: [(p) => tab(p, 'Transakcje')], arrived: page1('Wszystkie transakcje') },
      {
        name: 'quick add of a transaction',
        steps: [(p) => tab(p, 'Transakcje'), (p) => p.getByRole('button', { name: 'Dodaj transakcję' })],
        arrived: dialog('Dodaj transakcję'),
      },
      { name: 'settings', steps: [(p) => tab(p, 'Więcej')], arrived: page1('Ustawienia') },
      {
        name: 'budgets list',
        steps: [(p) => tab(p, 'Więcej'), (p) => p.getByRole('link', { name: /^Twoje budżety/u })],
        arrived: async (p) => {
          // The list itself, not a jump back into the open budget: switch or create from here.
          await expect(heading(p, 'Twoje budżety')).toBeVisible()
          await expect(p).toHaveURL(new RegExp(`/budget/${budget.id}/list$`, 'u'))
          await expect(p.getByRole('link', { name: /^Dwa stuknięcia/u })).toBeVisible()
          await expect(p.getByRole('button', { name: 'Nowy budżet' })).toBeVisible()
        },
      },
      {
        name: 'new budget',
        steps: [(p) => tab(p, 'Więcej'), (p) => p.getByRole('link', { name: /^Nowy budżet/u })],
        arrived: dialog('Nowy budżet'),
      },
      {
        name: 'budget settings',
        steps: [(p) => tab(p, 'Więcej'), (p) => p.getByRole('link', { name: /^Ustawienia budżetu/u })],
        arrived: page1('Ustawienia budżetu'),
      },
      {
        name: 'activity',
        steps: [(p) => tab(p, 'Więcej'), (p) => p.getByRole('link', { name: /^Aktywność/u })],
        arrived: page1('Aktywność'),
      },
      {
        name: 'statistics',
        steps: [(p) => tab(p, 'Więcej'), (p) => p.getByRole('link', { name: /^Statystyki/u })],
        arrived: async (p) => {
          await expect(heading(p, 'Statystyki')).toBeVisible()
          await expect(p).toHaveURL(new RegExp(`/budget/${budget.id}/statistics(?:\\?|$)`, 'u'))
        },
      },
      {
        name: 'loans',
        steps: [(p) => tab(p, 'Więcej'), (p) => p.getByRole('link', { name: /^Kredyty/u })],
        arrived: async (p) => {
          await expect(heading(p, 'Kredyty')).toBeVisible()
          await expect(p).toHaveURL(new RegExp(`/budget/${budget.id}/loans$`, 'u'))
        },
      },
      {
        name: 'access tokens',
        steps: [(p) => tab(p, 'Więcej'), (p) => p.getByRole('link', { name: /^Tokeny dostępu/u })],
        arrived: page1('Tokeny dostępu'),
      },
      {
        name: 'system status',
        steps: [(p) => tab(p, 'Więcej'), (p) => p.getByRole('link', { name: /^Stan systemu/u })],
        arrived: page1('Stan systemu'),
      },
      {
        name: 'assign',
        steps: [(p) => p.getByRole('link', { name: 'Przydziel', exact: true })],
        arrived: dialog('Przydziel środki'),
      },
      {
        name: 'a category',
        steps: [(p) => p.getByRole('link', { name: /Czynsz/u }).first()],
        arrived: async (p) => {
          await expect(p).toHaveURL(new RegExp(`/categories/${budget.rentId}$`, 'u'))
        },
      },
    ]
    for (const route of routes) {
      await page.goto(month)
      await expect(tab(page, 'Budżet')).toBeVisible()
      for (const step of route.steps) await step(page).click()
      await test.step(route.name, () => route.arrived(page))
    }

    // The settings page: each screen not built yet says so and leads nowhere.
    await page.goto(month)
    await tab(page, 'Więcej').click()
    await expect(tab(page, 'Więcej')).toHaveAttribute('aria-current', 'page')
    const later = page.getByRole('region', { name: 'Wkrótce' })
    for (const name of NOT_BUILT) {
      await expect(later.getByRole('listitem').filter({ hasText: name })).toContainText(
        'Jeszcze niedostępne.',
      )
      await expect(page.getByRole('link', { name: new RegExp(name, 'u') })).toHaveCount(0)
    }
    // Reminders and notifications are built (issue 29): plain entries of their own section.
    const notifications = page.getByRole('region', { name: 'Powiadomienia i przypomnienia' })
    await expect(notifications.getByRole('link', { name: /^Przypomnienia/u })).toHaveAttribute(
      'href',
      '/settings/reminder',
    )
    await expect(notifications.getByRole('link', { name: /^Powiadomienia/u })).toHaveAttribute(
      'href',
      '/settings/notifications',
    )
    // Nor does the header menu offer them.
    await page.getByRole('button', { name: 'Menu' }).click()
    await expect(page.getByRole('menuitem', { name: 'Ustawienia', exact: true })).toBeVisible()
    for (const name of NOT_BUILT) await expect(page.getByRole('menuitem', { name })).toHaveCount(0)
    await page.keyboard.press('Escape')
  })

  test('the tab bar works by keyboard and fits a 320 px phone', async ({ page, request }, info) => {
    test.setTimeout(90_000)
    const budget = await arrangeBudget(request, 'Wąski telefon z długą nazwą budżetu')
    const month = `/budget/${budget.id}/period/${currentPeriod}`
    await page.setViewportSize({ width: 320, height: 640 })
    await signInThrough(page, month)
    await expect(tab(page, 'Budżet')).toBeVisible()
    await expectNoClippedText(page)
    await snap(page, info, 'tabs-320-month')
    // Keyboard: the tabs are links in the tab order; Enter follows one.
    await tab(page, 'Konta').focus()
    await page.keyboard.press('Enter')
    await expect(heading(page, 'Konta bankowe')).toBeVisible()
    await expect(tab(page, 'Konta')).toHaveAttribute('aria-current', 'page')
    await expectNoClippedText(page)
    await page.keyboard.press('Tab')
    await page.keyboard.press('Enter')
    await expect(heading(page, 'Wszystkie transakcje')).toBeVisible()
    await expectNoClippedText(page)
    await tab(page, 'Więcej').click()
    await expect(heading(page, 'Ustawienia')).toBeVisible()
    await expectNoClippedText(page)
    await snap(page, info, 'settings-320')
    // The longest labels: German.
    await choose(page, 'language', 'Deutsch')
    await expect(heading(page, 'Einstellungen')).toBeVisible()
    await expect(tabBar(page)).toHaveCount(0)
    const germanTabs = page.getByRole('navigation', { name: 'Hauptbereiche' })
    await expect(germanTabs.getByRole('link')).toHaveText(['Budget', 'Konten', 'Transaktionen', 'Mehr'])
    await expectNoClippedText(page)
    await choose(page, 'language', 'Polski')
    await expect(heading(page, 'Ustawienia')).toBeVisible()
    // The last row of a long page scrolls clear of the bar.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
    const last = page.getByRole('link', { name: /^Stan systemu/u })
    const [lastBox, barBox] = await Promise.all([last.boundingBox(), tabBar(page).boundingBox()])
    expect((lastBox?.y ?? 0) + (lastBox?.height ?? 0)).toBeLessThanOrEqual(barBox?.y ?? 0)
  })

  test('settings: language, theme, tokens and the account', async ({ page }, info) => {
    await signInThrough(page, '/settings')
    await expect(heading(page, 'Ustawienia')).toBeVisible()
    await expectNoSeriousA11yViolations(page)
    await expectNoClippedText(page)
    await snap(page, info, 'settings')

    await choose(page, 'language', 'English')
    await expect(heading(page, 'Settings')).toBeVisible()
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')
    await expect(page.getByRole('region', { name: 'Coming soon' })).toContainText('Not available yet.')
    await choose(page, 'language', 'Polski')
    await expect(heading(page, 'Ustawienia')).toBeVisible()

    await choose(page, 'theme', 'Ciemny')
    await expect(page.locator('html')).toHaveClass(/app-dark/u)
    await expectNoSeriousA11yViolations(page)
    await snap(page, info, 'settings-dark')
    await choose(page, 'theme', 'Jasny')
    await expect(page.locator('html')).not.toHaveClass(/app-dark/u)

    // Deleting the account is the provider's own page (it asks for the password again), returning to the app.
    const remove = page.getByRole('link', { name: /^Usuń konto/u })
    await expect(remove).toHaveAttribute(
      'href',
      /\/Identity\/Account\/Delete\?returnUrl=http%3A%2F%2Flocalhost%3A\d+%2Fdelete-account-callback&lang=pl$/u,
    )
    await remove.click()
    await expect(page.getByRole('heading', { name: 'Usuń konto' })).toBeVisible()
    await page.goBack()

    await page.getByRole('link', { name: /^Tokeny dostępu/u }).click()
    await expect(heading(page, 'Tokeny dostępu')).toBeVisible()
    await tab(page, 'Więcej').click()
    await page.getByRole('link', { name: /^Wyloguj się/u }).click()
    // The provider asks to confirm; then the app's root needs a sign-in again.
    await page.getByRole('button', { name: 'Wyloguj się' }).click()
    await expect(page.getByRole('heading', { name: 'Zaloguj się' })).toBeVisible()
  })

  test('welcome: swipe, buttons and arrow keys lead to sign-in; /login waits for it', async ({
    page,
  }, info) => {
    await page.goto('/login')
    await expect(page).toHaveURL(/\/welcome$/u)
    await expect(page.getByText('Ekran 1 z 4')).toBeVisible()
    await expect(page.getByRole('navigation', { name: 'Główne sekcje' })).toHaveCount(0)
    await expectNoSeriousA11yViolations(page)
    await snap(page, info, 'welcome-1')

    // A finger moving right to left turns to the next screen.
    const screen = page.locator('.welcome__screen')
    const box = await screen.boundingBox()
    const y = (box?.y ?? 0) + 100
    const client = await page.context().newCDPSession(page)
    const touch = async (type: 'touchStart' | 'touchMove' | 'touchEnd', x: number) =>
      client.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y }] })
    await touch('touchStart', 320)
    await touch('touchMove', 200)
    await touch('touchMove', 80)
    await touch('touchEnd', 80)
    await expect(page.getByText('Ekran 2 z 4')).toBeVisible()
    await page.keyboard.press('ArrowRight')
    await expect(page.getByText('Ekran 3 z 4')).toBeVisible()
    await page.keyboard.press('ArrowLeft')
    await expect(page.getByText('Ekran 2 z 4')).toBeVisible()
    await page.getByRole('button', { name: 'Dalej' }).click()
    await page.getByRole('button', { name: 'Dalej' }).click()
    await expect(page.getByRole('heading', { name: 'Zaczynamy' })).toBeVisible()
    // The control that was pressed is gone: the new screen's heading has the focus.
    await expect(page.getByRole('heading', { name: 'Zaczynamy' })).toBeFocused()
    await expectNoClippedText(page)
    await snap(page, info, 'welcome-last')

    // Seen once: /login now stays, and its button starts the provider's sign-in.
    await page.goto('/login')
    await expect(heading(page, 'Logowanie')).toBeVisible()
    await page.getByRole('button', { name: 'Zaloguj się' }).click()
    await expect(page.getByRole('heading', { name: 'Zaloguj się' })).toBeVisible()
    await page.goto('/welcome')
    await page.getByRole('button', { name: 'Pomiń' }).click()
    await page.getByRole('link', { name: 'Załóż konto' }).click()
    await expect(page.getByRole('heading', { name: 'Załóż konto' })).toBeVisible()
  })

  test('welcome fits a 320 px phone on every screen', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 })
    await page.goto('/welcome')
    for (const step of [1, 2, 3, 4]) {
      await expect(page.getByText(`Ekran ${step} z 4`)).toBeVisible()
      await expectNoClippedText(page)
      if (step < 4) await page.getByRole('button', { name: 'Dalej' }).click()
    }
  })

  test('native app: a signed-out person is sent to /login, which leads through welcome to sign-in', async ({
    page,
  }) => {
    // The Capacitor shell's bridge, as it is injected before the page's scripts (src/auth/platform.ts).
    await page.addInitScript(() => {
      Object.assign(window, { Capacitor: { isNativePlatform: () => true } })
    })
    await page.goto('/settings')
    await expect(page).toHaveURL(/\/welcome$/u)
    await page.getByRole('button', { name: 'Pomiń' }).click()
    await page.goto('/settings')
    await expect(page).toHaveURL(/\/login$/u)
    await page.getByRole('button', { name: 'Zaloguj się' }).click()
    await expect(page.getByRole('heading', { name: 'Zaloguj się' })).toBeVisible()
  })
})

test.describe('desktop', () => {
  test.beforeEach(({ page: _page }, info) => {
    test.skip(info.project.name !== 'desktop', 'the desktop route tree')
  })

  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 1024, height: 768 },
  ]) {
    test(`keeps its side panel, no tab bar and no unfinished items at ${viewport.width} px`, async ({
      page,
      request,
    }, info) => {
      const budget = await arrangeBudget(request, `Biurko ${viewport.width}`)
      await page.setViewportSize(viewport)
      await signInThrough(page, `/budget/${budget.id}/period/${currentPeriod}`)
      const side = page.getByRole('navigation', { name: 'Nawigacja główna' })
      await expect(side.getByRole('link', { name: 'Twoje budżety' })).toBeVisible()
      await expect(side.getByRole('link', { name: 'Tokeny dostępu' })).toBeVisible()
      await expect(tabBar(page)).toHaveCount(0)
      for (const name of NOT_BUILT) await expect(side.getByRole('link', { name })).toHaveCount(0)
      await page.getByRole('button', { name: 'Menu' }).click()
      await expect(page.getByRole('menuitem', { name: 'Twoje budżety' })).toBeVisible()
      for (const name of NOT_BUILT) await expect(page.getByRole('menuitem', { name })).toHaveCount(0)
      await snap(page, info, `menu-${viewport.width}`)
      await page.keyboard.press('Escape')
      await expectNoClippedText(page)
    })
  }
})

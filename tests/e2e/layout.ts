// Layout checks shared by the journeys: no visible text is cut off, spills out of its box or sits off-screen.
import { expect, type Page } from '@playwright/test'

/**
 * Fails, naming each case, when a visible text of the page (cells, amounts, buttons, links, headings, fields) is
 * wider than its box (scrollWidth > clientWidth), spills out of the box that holds it, is cut by an ancestor that
 * clips or scrolls sideways, or lies beyond the viewport's edges. A text may be cut only where it deliberately
 * ellipsizes (text-overflow: ellipsis) and carries its full text in a title or aria-label, shown on hover or focus.
 * `soft` lets a walk over many screens report every one before failing.
 */
export async function expectNoClippedText(
  page: Page,
  { root = 'body', soft = false }: { readonly root?: string; readonly soft?: boolean } = {},
): Promise<void> {
  // Entrances (a toast fading in, a drawer sliding) are judged once they have finished.
  await page.evaluate(() =>
    Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))),
  )
  const problems = await page.evaluate((rootSelector) => {
    const TOLERANCE = 1
    const scope = document.querySelector(rootSelector) ?? document.body
    const viewportWidth = document.documentElement.clientWidth
    const squash = (text: string | null) => (text ?? '').replace(/\s+/gu, ' ').trim()
    const textOf = (element: Element) =>
      element instanceof HTMLInputElement
        ? squash(element.value)
        : squash(element.textContent) || squash(element.getAttribute('aria-label'))
    const style = (element: Element) => getComputedStyle(element)
    const label = (element: Element, why: string) => {
      const classes = [...element.classList].slice(0, 2).join('.')
      return `${element.tagName.toLowerCase()}${classes === '' ? '' : `.${classes}`} "${textOf(element).slice(0, 60)}": ${why}`
    }
    // The full text on hover or focus: a title or an aria-label of the element or one of its near ancestors.
    const carriesFullText = (element: Element, text: string) => {
      let node: Element | null = element
      for (let depth = 0; node !== null && depth < 4; depth += 1, node = node.parentElement) {
        if (squash(node.getAttribute('title')).includes(text)) return true
        if (squash(node.getAttribute('aria-label')).includes(text)) return true
      }
      return false
    }
    const ellipsizes = (element: Element) => {
      const computed = style(element)
      return computed.textOverflow === 'ellipsis' && computed.overflowX !== 'visible'
    }
    // Texts for screen readers only: clipped to nothing on purpose (.visually-hidden and its like).
    const visuallyHidden = (element: Element) => {
      for (let node: Element | null = element; node !== null; node = node.parentElement) {
        const computed = style(node)
        if (computed.clip === 'rect(0px, 0px, 0px, 0px)' || computed.clipPath === 'inset(50%)') return true
      }
      return false
    }
    const isShown = (element: Element) => {
      if (element.closest('.skip-link, script, style, noscript, template, option') !== null) return false
      if (visuallyHidden(element)) return false
      if (!element.checkVisibility({ visibilityProperty: true, opacityProperty: true })) return false
      const box = element.getBoundingClientRect()
      return box.width > 0 && box.height > 0
    }
    const hasOwnText = (element: Element) =>
      [...element.childNodes].some(
        (node) => node.nodeType === Node.TEXT_NODE && squash(node.textContent) !== '',
      )
    const textInput = (element: Element) =>
      element instanceof HTMLInputElement &&
      ['text', 'search', 'email', 'tel', 'url', 'number', 'password', ''].includes(element.type) &&
      element.value !== ''
    // Controls count even when they show only an icon (their name is in aria-label): a menu button pushed half out
    // of its row is as lost as a cut word.
    const control = (element: Element) => element.matches('button, a[href], [role="button"]')
    const candidates = [...scope.querySelectorAll('*')].filter(
      (element) => (hasOwnText(element) || textInput(element) || control(element)) && isShown(element),
    )
    const found: string[] = []
    for (const element of candidates) {
      const text = textOf(element)
      const excused = (box: Element) => ellipsizes(box) && carriesFullText(element, text)
      const box = element.getBoundingClientRect()
      const display = style(element).display
      // 1. Wider than its own box (a button, a cell, a field whose text does not fit).
      if (
        display !== 'inline' &&
        element.scrollWidth > element.clientWidth + TOLERANCE &&
        !excused(element)
      ) {
        found.push(label(element, `text ${element.scrollWidth}px in a box of ${element.clientWidth}px`))
        continue
      }
      // 2. Spills out of the box that holds it, or is cut by an ancestor that clips or scrolls sideways.
      let problem: string | null = null
      let nearestBox = true
      for (let node = element.parentElement; node !== null && node !== document.documentElement; ) {
        const computed = style(node)
        // Paint containment (contain: paint/content/strict, content-visibility: auto) clips like overflow does.
        const clips =
          computed.overflowX !== 'visible' ||
          /paint|content|strict/u.test(computed.contain) ||
          computed.contentVisibility === 'auto'
        if (clips || nearestBox) {
          const outer = node.getBoundingClientRect()
          const left = outer.left + node.clientLeft
          const right = clips ? left + node.clientWidth : outer.right
          const out = box.right > right + TOLERANCE || box.left < (clips ? left : outer.left) - TOLERANCE
          if (out && !excused(node) && !excused(element)) {
            problem = clips
              ? `cut by ${node.tagName.toLowerCase()}.${[...node.classList].join('.')} (${Math.round(box.right - right)}px beyond)`
              : `spills out of ${node.tagName.toLowerCase()}.${[...node.classList].join('.')}`
            break
          }
        }
        if (computed.display !== 'inline' && computed.display !== 'contents') nearestBox = false
        // A fixed box is placed against the viewport: its ancestors' overflow does not cut it.
        if (computed.position === 'fixed') break
        node = node.parentElement
      }
      // 3. Beyond the viewport's edges (the page would scroll sideways, or the text is simply not there).
      if (problem === null && (box.right > viewportWidth + TOLERANCE || box.left < -TOLERANCE))
        problem = `off-screen (${Math.round(box.left)}–${Math.round(box.right)}px of ${viewportWidth}px)`
      if (problem !== null) found.push(label(element, problem))
    }
    if (document.documentElement.scrollWidth > viewportWidth + TOLERANCE)
      found.push(`the page scrolls sideways: ${document.documentElement.scrollWidth}px of ${viewportWidth}px`)
    return found
  }, root)
  const check = soft ? expect.soft : expect
  check(problems, `clipped or overflowing text at ${page.viewportSize()?.width ?? '?'}px`).toEqual([])
}

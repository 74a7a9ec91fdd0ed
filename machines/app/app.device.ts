import type { MobileOs } from './app.platform.ts'

/** SPEC §9: mobile at a width of 992 px or less. */
export const MOBILE_BREAKPOINT = 992
/** SPEC §9: resize notifications are debounced by 33 ms. */
export const RESIZE_DEBOUNCE_MS = 33

export const isMobileViewport = (width: number): boolean => width <= MOBILE_BREAKPOINT

/** Classic order: Windows Phone first, because its user agent also claims Android. */
export const detectMobileOs = (userAgent: string): MobileOs => {
  if (/windows phone/i.test(userAgent)) return 'WindowsPhone'
  if (/android/i.test(userAgent)) return 'Android'
  if (/iPad|iPhone|iPod/.test(userAgent)) return 'iOS'
  return 'unknown'
}

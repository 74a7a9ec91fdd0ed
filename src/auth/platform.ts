/** What the Capacitor shell puts on `window` before the page's scripts run (the native bridge), as far as read here. */
type NativeShellWindow = {
  readonly Capacitor?: { readonly isNativePlatform?: () => boolean }
  readonly CapacitorCustomPlatform?: { readonly name?: string } | null
  readonly androidBridge?: unknown
  readonly webkit?: { readonly messageHandlers?: { readonly bridge?: unknown } }
}

/**
 * Whether the app runs inside the Capacitor shell, without loading @capacitor/core: the browser's first screen does
 * not need it (the native link handling loads @capacitor/app, and with it the core, on the native platform only).
 * The shell's bridge injects `window.Capacitor.isNativePlatform`; if it is missing, the same signals
 * @capacitor/core's own `getPlatform()` reads decide (a custom platform, the Android or the iOS bridge).
 */
export const isNativeShell = (win: NativeShellWindow): boolean => {
  const injected = win.Capacitor?.isNativePlatform
  if (typeof injected === 'function') return injected() === true
  const custom = win.CapacitorCustomPlatform
  if (custom !== undefined && custom !== null) return custom.name !== 'web'
  return win.androidBridge !== undefined || win.webkit?.messageHandlers?.bridge !== undefined
}

// The DOM's Window type does not declare the shell's globals; they are read as the optional fields above.
export const detectNativePlatform = (): boolean => isNativeShell(window as NativeShellWindow)

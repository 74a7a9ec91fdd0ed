/**
 * Whether the app runs inside the Capacitor shell. The core module is loaded on demand, so the browser's
 * first screen does not carry it.
 */
export const detectNativePlatform = async (): Promise<boolean> => {
  try {
    const { Capacitor } = await import('@capacitor/core')
    return Capacitor.isNativePlatform()
  } catch {
    return false
  }
}

import type { KeyValueStorage } from '../../machines/app/index.ts'

/** localStorage that never throws: blocked storage (private mode, policy) behaves as empty. */
export const browserStorage: KeyValueStorage = {
  get(key) {
    try {
      return window.localStorage.getItem(key)
    } catch {
      return null
    }
  },
  set(key, value) {
    try {
      window.localStorage.setItem(key, value)
    } catch {
      // Nothing to do: the preference just will not survive a reload.
    }
  },
}

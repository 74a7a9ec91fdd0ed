import { useRouter } from '@tanstack/react-router'
import type { Device } from './navigation.ts'

/** The route tree chosen at start (the viewport may change later; the tree does not). */
export const useDevice = (): Device => useRouter().options.context?.device ?? 'desktop'

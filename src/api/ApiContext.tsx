import { createContext, useContext } from 'react'
import type { LoadApi } from './loadApi.ts'

/** The page's HTTP client for views (main.tsx provides it; loaders reach it through the router context). */
export const ApiContext = createContext<LoadApi | null>(null)

export const useLoadApi = (): LoadApi => {
  const loadApi = useContext(ApiContext)
  if (loadApi === null) throw new Error('useLoadApi needs <ApiContext> (main.tsx)')
  return loadApi
}

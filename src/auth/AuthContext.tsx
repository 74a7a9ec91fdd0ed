import { createContext, useContext } from 'react'
import type { Auth } from './createAuth.ts'

/** The session and gate actors for views (created in main.tsx, provided once at the root). */
export const AuthContext = createContext<Auth | null>(null)

export const useAuth = (): Auth => {
  const auth = useContext(AuthContext)
  if (auth === null) throw new Error('useAuth outside AuthContext (main.tsx provides it)')
  return auth
}

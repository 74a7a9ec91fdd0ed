import { useCallback, useEffect, useState } from 'react'
import type { PersonalToken } from '../../../schemas/identity.ts'
import { useLoadApi } from '../../api/ApiContext.tsx'
import { listTokens } from './tokensApi.ts'

export type TokensState =
  | { readonly status: 'loading' }
  | { readonly status: 'failed' }
  | { readonly status: 'ready'; readonly tokens: ReadonlyArray<PersonalToken> }

/** The caller's token list: loaded on mount, reloadable, replaceable by a fresher answer (create/revoke). */
export const useTokens = () => {
  const [state, setState] = useState<TokensState>({ status: 'loading' })
  const loadApi = useLoadApi()
  const load = useCallback(
    (signal?: AbortSignal) => {
      setState((previous) => (previous.status === 'failed' ? { status: 'loading' } : previous))
      listTokens(loadApi, signal).then(
        ({ tokens }) => setState({ status: 'ready', tokens }),
        () => {
          if (signal?.aborted !== true) setState({ status: 'failed' })
        },
      )
    },
    [loadApi],
  )
  useEffect(() => {
    const controller = new AbortController()
    load(controller.signal)
    return () => controller.abort()
  }, [load])
  const reload = useCallback(() => load(), [load])
  const replace = useCallback(
    (tokens: ReadonlyArray<PersonalToken>) => setState({ status: 'ready', tokens }),
    [],
  )
  return { state, reload, replace }
}

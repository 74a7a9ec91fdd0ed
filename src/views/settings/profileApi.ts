import * as Schema from 'effect/Schema'
import type { LoadApi } from '../../api/loadApi.ts'

/** The part of `GET/PUT /api/user-profile` this screen needs: the name other members see (null: the e-mail). */
const ProfileName = Schema.Struct({
  email: Schema.NullOr(Schema.String),
  displayName: Schema.optionalKey(Schema.NullOr(Schema.String)),
})
export type ProfileName = { readonly email: string | null; readonly displayName: string | null }

const named = (profile: typeof ProfileName.Type): ProfileName => ({
  email: profile.email,
  displayName: profile.displayName ?? null,
})

export const readProfileName = async (loadApi: LoadApi, signal: AbortSignal): Promise<ProfileName> =>
  named(await (await loadApi()).getJson('/api/user-profile', ProfileName, { signal }))

/** Blank goes back to the e-mail (the server stores null). */
export const saveDisplayName = async (loadApi: LoadApi, displayName: string): Promise<ProfileName> => {
  const trimmed = displayName.trim()
  return named(
    await (await loadApi()).putJson(
      '/api/user-profile',
      { displayName: trimmed === '' ? null : trimmed },
      ProfileName,
    ),
  )
}

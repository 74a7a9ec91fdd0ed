import { maximumPasswordLength, minimumPasswordLength } from './passwords.ts'

/** Translation keys of field errors, with their interpolation values. */
export type FieldErrorKey =
  | { readonly key: 'errors.required' }
  | { readonly key: 'errors.email' }
  | { readonly key: 'errors.passwordTooShort'; readonly min: number }
  | { readonly key: 'errors.passwordTooLong'; readonly max: number }
  | { readonly key: 'errors.emailTaken' }

// Deliberately permissive (one @, a dot in the domain, no spaces or control characters): the mailbox itself is the
// real check.
const emailPattern = /^[^\s@\p{Cc}]+@[^\s@.\p{Cc}]+(\.[^\s@.\p{Cc}]+)+$/u

export const textField = (body: unknown, name: string): string => {
  if (typeof body !== 'object' || body === null || !(name in body)) return ''
  const value: unknown = Reflect.get(body, name)
  return typeof value === 'string' ? value : ''
}

export const checkEmail = (email: string): FieldErrorKey | undefined => {
  const trimmed = email.trim()
  if (trimmed === '') return { key: 'errors.required' }
  if (trimmed.length > 254 || !emailPattern.test(trimmed)) return { key: 'errors.email' }
  return undefined
}

export const checkNewPassword = (password: string): FieldErrorKey | undefined => {
  if (password === '') return { key: 'errors.required' }
  if ([...password].length < minimumPasswordLength)
    return { key: 'errors.passwordTooShort', min: minimumPasswordLength }
  if (password.length > maximumPasswordLength)
    return { key: 'errors.passwordTooLong', max: maximumPasswordLength }
  return undefined
}

export const checkRequired = (value: string): FieldErrorKey | undefined =>
  value === '' ? { key: 'errors.required' } : undefined

import * as SchemaIssue from 'effect/SchemaIssue'
import { type FieldError, type FieldErrorCode, fieldErrorCodes } from '../../schemas/problem.ts'
import { fieldErrorCodeAnnotation } from '../../schemas/text.ts'

const isFieldErrorCode = (value: unknown): value is FieldErrorCode =>
  (fieldErrorCodes as readonly unknown[]).includes(value)

const formatMessage = SchemaIssue.makeFormatterStandardSchemaV1()

const escapePointerSegment = (segment: PropertyKey) =>
  String(segment).replaceAll('~', '~0').replaceAll('/', '~1')

const codeOf = (issue: SchemaIssue.Issue): FieldErrorCode => {
  switch (issue._tag) {
    case 'MissingKey':
      return 'missing'
    case 'UnexpectedKey':
      return 'unexpected'
    case 'OneOf':
      return 'ambiguous'
    case 'Forbidden':
      return 'forbidden'
    case 'InvalidType':
    case 'AnyOf':
      return 'invalid_type'
    case 'Filter':
      return isFieldErrorCode(issue.filter.annotations?.[fieldErrorCodeAnnotation])
        ? issue.filter.annotations[fieldErrorCodeAnnotation]
        : 'invalid_value'
    default:
      return 'invalid_value'
  }
}

const leaf = (issue: SchemaIssue.Issue, path: readonly PropertyKey[], pointerPrefix: string): FieldError => ({
  path: pointerPrefix + path.map((segment) => `/${escapePointerSegment(segment)}`).join(''),
  // Effect's own wording, from the subtree alone so the path is not repeated in the message.
  message: formatMessage(issue).issues[0]?.message ?? 'Invalid value',
  code: codeOf(issue),
})

const walk = (
  issue: SchemaIssue.Issue,
  path: readonly PropertyKey[],
  pointerPrefix: string,
  out: FieldError[],
): void => {
  switch (issue._tag) {
    case 'Pointer':
      walk(issue.issue, [...path, ...issue.path], pointerPrefix, out)
      return
    case 'Composite':
      for (const child of issue.issues) walk(child, path, pointerPrefix, out)
      return
    case 'Encoding':
      walk(issue.issue, path, pointerPrefix, out)
      return
    default:
      // Leaves, failed checks and unions (one error naming every member, not one per member).
      out.push(leaf(issue, path, pointerPrefix))
  }
}

/** Flattens a decode failure into one error per offending field, each with a JSON Pointer path. */
export const fieldErrorsFromIssue = (issue: SchemaIssue.Issue, pointerPrefix = ''): FieldError[] => {
  const out: FieldError[] = []
  walk(issue, [], pointerPrefix, out)
  return out
}

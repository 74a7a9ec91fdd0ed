import * as Effect from 'effect/Effect'
import * as Result from 'effect/Result'
import * as Schema from 'effect/Schema'
import * as SchemaIssue from 'effect/SchemaIssue'

/** Documentation of every variable; the README's configuration table is checked against this. */
export const configVariables = {
  PORT: { default: '8080', description: 'TCP port the HTTP server listens on (0 picks a free port).' },
  HOST: { default: 'localhost', description: 'Interface to bind; 0.0.0.0 for every interface.' },
  DATA_DIR: {
    default: './data',
    description: 'Directory of the embedded PGlite database (locked while running).',
  },
  DATABASE_URL: { default: undefined, description: 'PostgreSQL URL; when set, PostgreSQL replaces PGlite.' },
  LOG_LEVEL: {
    default: 'info',
    description: 'pino log level: fatal, error, warn, info, debug, trace, silent.',
  },
  STATIC_DIR: { default: './dist', description: 'Directory of the built web app (`npm run build`).' },
  RATE_LIMIT_WINDOW: {
    default: '60',
    description: 'Length in seconds of the windows the rate limits count in.',
  },
  RATE_LIMIT_ANONYMOUS: {
    default: '120',
    description:
      'Requests per window from one client address to the API without a user and to sign-in pages.',
  },
  RATE_LIMIT_USER: {
    default: '1200',
    description:
      'Requests per window from one signed-in user (a person never meets it; a runaway script does).',
  },
  RATE_LIMIT_ANONYMOUS_EVENTS: {
    default: '100',
    description: 'Analytics events per window one client address may send without a user.',
  },
  NOTIFICATION_JOBS: {
    default: 'on',
    description:
      'on: this instance schedules and runs reminder and delivery jobs; off: it only serves requests.',
  },
  NOTIFICATION_TICK_SECONDS: {
    default: '60',
    description: 'How often (seconds) an instance looks for reminders that have come due.',
  },
  NOTIFICATION_POLL_SECONDS: {
    default: '5',
    description: 'How often (seconds) an idle worker asks the job queue for work.',
  },
  PUSH_SUBJECT: {
    default: 'mailto:koperta@localhost',
    description: 'VAPID subject (mailto: or https: URL) push services may contact about this server.',
  },
} as const

type DefaultedVariable = {
  [K in keyof typeof configVariables]: (typeof configVariables)[K]['default'] extends string ? K : never
}[keyof typeof configVariables]

/** A missing variable decodes as its documented default. */
const withDefault =
  (name: DefaultedVariable) =>
  <T>(schema: Schema.Codec<T, string>) =>
    schema
      .annotate({ description: configVariables[name].description })
      .pipe(Schema.withDecodingDefaultKey(Effect.succeed(configVariables[name].default)))

const Port = Schema.NumberFromString.check(Schema.isInt(), Schema.isBetween({ minimum: 0, maximum: 65_535 }))

/** A count or a length of time: a whole number from 1 up (no value turns a limit off). */
const PositiveInt = Schema.NumberFromString.check(
  Schema.isInt(),
  Schema.isBetween({ minimum: 1, maximum: 1_000_000_000 }),
)

const NonEmpty = Schema.String.check(Schema.isNonEmpty())

const PostgresUrl = Schema.String.check(
  Schema.isPattern(/^postgres(ql)?:\/\/\S+$/u, { expected: 'a postgres:// or postgresql:// URL' }),
)

export const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const

/** The server's environment variables: decoding turns raw strings into a typed configuration. */
export const ConfigSchema = Schema.Struct({
  PORT: Port.pipe(withDefault('PORT')),
  HOST: NonEmpty.pipe(withDefault('HOST')),
  DATA_DIR: NonEmpty.pipe(withDefault('DATA_DIR')),
  DATABASE_URL: Schema.optionalKey(
    PostgresUrl.annotate({ description: configVariables.DATABASE_URL.description }),
  ),
  LOG_LEVEL: Schema.Literals(logLevels).pipe(withDefault('LOG_LEVEL')),
  STATIC_DIR: NonEmpty.pipe(withDefault('STATIC_DIR')),
  RATE_LIMIT_WINDOW: PositiveInt.pipe(withDefault('RATE_LIMIT_WINDOW')),
  RATE_LIMIT_ANONYMOUS: PositiveInt.pipe(withDefault('RATE_LIMIT_ANONYMOUS')),
  RATE_LIMIT_USER: PositiveInt.pipe(withDefault('RATE_LIMIT_USER')),
  RATE_LIMIT_ANONYMOUS_EVENTS: PositiveInt.pipe(withDefault('RATE_LIMIT_ANONYMOUS_EVENTS')),
  NOTIFICATION_JOBS: Schema.Literals(['on', 'off']).pipe(withDefault('NOTIFICATION_JOBS')),
  NOTIFICATION_TICK_SECONDS: PositiveInt.pipe(withDefault('NOTIFICATION_TICK_SECONDS')),
  NOTIFICATION_POLL_SECONDS: PositiveInt.pipe(withDefault('NOTIFICATION_POLL_SECONDS')),
  PUSH_SUBJECT: Schema.String.check(
    Schema.isPattern(/^(?:mailto:\S+|https:\/\/\S+)$/u, { expected: 'a mailto: or https: URL' }),
  ).pipe(withDefault('PUSH_SUBJECT')),
}).annotate({ identifier: 'ServerConfig' })

export type Config = typeof ConfigSchema.Type

export class ConfigError extends Error {
  override readonly name = 'ConfigError'
}

const configVariableNames = Object.keys(ConfigSchema.fields)

/** Decodes the environment; a bad value throws a ConfigError naming each offending variable. */
export const loadConfig = (env: Readonly<Record<string, string | undefined>>): Config => {
  // Empty strings mean "unset" in most shells' env files; treat them like absent variables.
  const relevant = Object.fromEntries(
    configVariableNames.flatMap((name) => {
      const value = env[name]
      return value === undefined || value === '' ? [] : [[name, value]]
    }),
  )
  const result = Schema.decodeUnknownResult(ConfigSchema)(relevant, { errors: 'all' })
  if (Result.isSuccess(result)) return result.success
  const { issues } = SchemaIssue.makeFormatterStandardSchemaV1()(result.failure.issue)
  const lines = issues.map((issue) => {
    const variable = issue.path?.map(String).join('.') ?? '(environment)'
    return `  ${variable}=${JSON.stringify(relevant[variable] ?? '')}: ${issue.message}`
  })
  throw new ConfigError(`Invalid server configuration:\n${lines.join('\n')}`)
}

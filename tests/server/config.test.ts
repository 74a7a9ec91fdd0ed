import { describe, expect, it } from 'vitest'
import { ConfigError, ConfigSchema, configVariables, loadConfig } from '../../server/config.ts'

describe('server configuration', () => {
  it('applies the documented defaults to an empty environment', () => {
    expect(loadConfig({})).toEqual({
      PORT: 8080,
      HOST: 'localhost',
      DATA_DIR: './data',
      LOG_LEVEL: 'info',
      STATIC_DIR: './dist',
      RATE_LIMIT_WINDOW: 60,
      RATE_LIMIT_ANONYMOUS: 120,
      RATE_LIMIT_USER: 1200,
      RATE_LIMIT_ANONYMOUS_EVENTS: 100,
      NOTIFICATION_JOBS: 'on',
      NOTIFICATION_TICK_SECONDS: 60,
      NOTIFICATION_POLL_SECONDS: 5,
      PUSH_SUBJECT: 'mailto:koperta@localhost',
    })
  })

  it('documents every variable the schema decodes, and only those', () => {
    expect(Object.keys(configVariables).sort()).toEqual(Object.keys(ConfigSchema.fields).sort())
  })

  it('decodes given values and ignores unrelated variables', () => {
    const config = loadConfig({
      PORT: '3000',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgresql://app@db.internal:5432/koperta',
      LOG_LEVEL: 'debug',
      PATH: '/usr/bin',
    })
    expect(config).toMatchObject({ PORT: 3000, HOST: '0.0.0.0', LOG_LEVEL: 'debug' })
    expect(config.DATABASE_URL).toBe('postgresql://app@db.internal:5432/koperta')
    expect(config).not.toHaveProperty('PATH')
  })

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({ PORT: 8080 })
    expect(loadConfig({ DATABASE_URL: '' })).not.toHaveProperty('DATABASE_URL')
  })

  it('refuses bad values with a message naming each variable and its value', () => {
    const attempt = () => loadConfig({ PORT: 'eighty', LOG_LEVEL: 'loud', DATABASE_URL: 'mysql://db/app' })
    expect(attempt).toThrow(ConfigError)
    const message = (() => {
      try {
        attempt()
        return ''
      } catch (error) {
        return error instanceof Error ? error.message : ''
      }
    })()
    expect(message).toContain('PORT="eighty"')
    expect(message).toContain('LOG_LEVEL="loud"')
    expect(message).toContain('DATABASE_URL="mysql://db/app"')
  })

  it('refuses rate limits that are not whole numbers from 1: no value turns a limit off', () => {
    expect(() => loadConfig({ RATE_LIMIT_USER: '0' })).toThrow(/RATE_LIMIT_USER="0"/)
    expect(() => loadConfig({ RATE_LIMIT_ANONYMOUS: 'off' })).toThrow(/RATE_LIMIT_ANONYMOUS="off"/)
    expect(() => loadConfig({ RATE_LIMIT_WINDOW: '1.5' })).toThrow(ConfigError)
    expect(loadConfig({ RATE_LIMIT_USER: '5000' }).RATE_LIMIT_USER).toBe(5000)
  })

  it('refuses a port out of range', () => {
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT="70000"/)
    expect(() => loadConfig({ PORT: '80.5' })).toThrow(ConfigError)
  })
})

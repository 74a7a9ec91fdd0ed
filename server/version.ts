import packageJson from '../package.json' with { type: 'json' }

/** The release this server reports in /health and the OpenAPI document. */
export const appVersion: string = packageJson.version

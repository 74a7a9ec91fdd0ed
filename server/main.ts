// Entry point: `node server/main.ts` (Node 24 strips the types).
// The compile cache keeps V8's compiled code (and stripped TypeScript) between starts, which cuts a restart's
// module loading roughly in half; it must be on before the application's modules load, hence the dynamic import.
import { enableCompileCache } from 'node:module'

enableCompileCache()
await import('./start.ts')

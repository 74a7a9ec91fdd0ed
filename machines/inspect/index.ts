export {
  createInspectorSerializer,
  maskContext,
  maskEvent,
  maskSnapshot,
} from './inspector.ts'
export { isSensitiveKey, MASKED, maskForInspector } from './mask.ts'

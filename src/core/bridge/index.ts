export { bridge, callNative, isBridgeError, LOCAL_KEYS, STORAGE_KEY, BRIDGE_TIMEOUT_MS } from './bridge';
export type { Bridge, BridgeError, CameraPurpose, NativeHost } from './bridge';
export { useStrictMark } from './use-strict-mark';

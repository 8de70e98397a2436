import { useEffect, useState } from 'react';
import { bridge, STORAGE_KEY } from './bridge';

/**
 * The strict mark a location check left on this device (a restricted area: the home screen stores '1' under
 * STORAGE_KEY.strictMode), read once from the bridge's storage; false until read, and when it cannot be read.
 * A screen counts it besides the application's own strict context (the STATEMENT step).
 */
export function useStrictMark(): boolean {
  const [marked, setMarked] = useState(false);
  useEffect(() => {
    let live = true;
    bridge.storage
      .get(STORAGE_KEY.strictMode)
      .then((v) => live && setMarked(v === '1'))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return marked;
}

import { useCallback } from 'react';
import { useIntl } from 'react-intl';

/** Shorthand: `const t = useT(); t('core.back')`. */
export function useT(): (id: string, values?: Record<string, string | number>) => string {
  const intl = useIntl();
  return useCallback((id, values) => intl.formatMessage({ id }, values), [intl]);
}

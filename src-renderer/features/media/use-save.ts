import { useState } from 'react';
import { call, asAppError } from '../../bridge/api';
import type { AppError } from '../../../src-shared/result';
import { t } from '../../i18n/i18n';

/** Save one file or all files of an entry through main's save dialog; says where it went. */
export function useSave() {
  const [message, setMessage] = useState<string>();
  const [error, setError] = useState<AppError>();
  const run = async (fn: () => Promise<string | null | string[]>) => {
    setError(undefined);
    setMessage(undefined);
    try {
      const out = await fn();
      if (Array.isArray(out)) {
        setMessage(
          out.length ? t('media.savedMany', { count: out.length, path: out[0] }) : t('media.saveCancelled'),
        );
      } else setMessage(out ? t('media.savedTo', { path: out }) : t('media.saveCancelled'));
    } catch (err) {
      setError(asAppError(err));
    }
  };
  return {
    message,
    error,
    clearError: () => setError(undefined),
    saveOne: (id: string, index?: number) => run(() => call('media.save', { id, index })),
    saveAll: (id: string) => run(() => call('media.saveAll', { id })),
  };
}

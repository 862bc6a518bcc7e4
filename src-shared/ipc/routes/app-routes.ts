import { z } from 'zod';
import { route } from '../define-route';
import type { StorageNotice } from '../../log/log-entry';

export interface AppInfo {
  mode: 'electron' | 'web';
  version: string;
  platform: string;
  dataDir: string;
}

export const appRoutes = {
  'app.info': route<AppInfo>()(z.object({})),
  'app.notices': route<StorageNotice[]>()(z.object({})),
};

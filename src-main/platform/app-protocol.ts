import type { CustomScheme } from 'electron';
import { serveAppRequest } from '../core/app-protocol/app-files';
import { APP_SCHEME } from '../core/app-protocol/app-origin';
import type { ElectronEdge } from './electron-edge';

/**
 * Standard and secure give the window a real origin (gatehouse-app://app) and a secure context;
 * supportFetchAPI lets module scripts and fetch load from it. Never file:, which would give the
 * page the reach of every local file.
 */
export const APP_SCHEME_PRIVILEGES: CustomScheme = {
  scheme: APP_SCHEME,
  privileges: { standard: true, secure: true, supportFetchAPI: true },
};

/** Serves the built renderer folder, read-only, with its MIME types and the CSP as a header. */
export function handleAppProtocol(protocol: ElectronEdge['protocol'], rendererDir: string): void {
  protocol.handle(APP_SCHEME, async (request) => {
    const out = await serveAppRequest(rendererDir, { method: request.method, url: request.url });
    return new Response(out.body as ConstructorParameters<typeof Response>[0] | null, {
      status: out.status,
      headers: out.headers,
    });
  });
}

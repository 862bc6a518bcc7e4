import type { CustomScheme } from 'electron';
import { serveMediaFile } from '../core/media/media-library';
import type { MediaLibrary } from '../core/media/media-library';
import type { ElectronEdge } from './electron-edge';

export const MEDIA_SCHEME = 'gatehouse-media';

/** Lets <video> stream and seek from the custom scheme (registered in privileged-schemes.ts). */
export const MEDIA_SCHEME_PRIVILEGES: CustomScheme = {
  scheme: MEDIA_SCHEME,
  privileges: { standard: true, secure: true, stream: true, supportFetchAPI: true },
};

/** Serves the media library, with range requests, never through file:// (docs/architecture.md, "Security in one place"). */
export function handleMediaProtocol(protocol: ElectronEdge['protocol'], media: MediaLibrary): void {
  protocol.handle(MEDIA_SCHEME, (request) => {
    const url = new URL(request.url);
    let abs: string;
    try {
      abs = media.resolve(decodeURIComponent(url.pathname));
    } catch {
      return new Response('Forbidden', { status: 403 });
    }
    const out = serveMediaFile(abs, request.headers.get('range'));
    return new Response(out.body, { status: out.status, headers: out.headers });
  });
}

export const mediaUrl = (rel: string) =>
  `${MEDIA_SCHEME}://media/${rel.split('/').map(encodeURIComponent).join('/')}`;

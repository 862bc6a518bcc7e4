import { useEffect, useState } from 'react';
import { ATTACHMENT_URL_ID } from '../../../src-shared/chat/attachment-rules';
import { call } from '../../bridge/api';

/** Addresses main gave for files added in this window, by id. */
const known = new Map<string, string>();
let template: Promise<string> | undefined;

export function rememberAttachmentUrl(id: string, url: string): void {
  known.set(id, url);
}

export function knownAttachmentUrl(id: string): string | undefined {
  return known.get(id);
}

/**
 * Where main serves a stored attachment (the media scheme, or browser mode's `/media/`), so the
 * window shows thumbnails from a URL and never holds their bytes as base64. The address's form is
 * asked of main once (`chat.attachments.urlTemplate`).
 */
export function useAttachmentUrl(id: string): string | undefined {
  const [url, setUrl] = useState(() => known.get(id));
  useEffect(() => {
    if (known.has(id)) return setUrl(known.get(id));
    let live = true;
    template ??= call('chat.attachments.urlTemplate', {}).then((r) => r.template);
    template.then(
      (form) => {
        const address = form.replace(ATTACHMENT_URL_ID, encodeURIComponent(id));
        known.set(id, address);
        if (live) setUrl(address);
      },
      () => {
        // Asked again next time: the thumbnail shows its name meanwhile.
        template = undefined;
      },
    );
    return () => {
      live = false;
    };
  }, [id]);
  return url;
}

import { useEffect, useState } from 'react';
import { useSupabase } from '../client/client-context.tsx';
import { useBroadcast } from '../realtime/use-broadcast.ts';
import { previewTopic } from '../realtime/topics.ts';

/** A pause in typing before the phone preview is sent the new value: a message per pause. */
const SEND_AFTER_MS = 150;

/**
 * Sends what is typed in an editor to its preview open on a phone (/admin/apercu/<type>), on a
 * private channel. Nothing is sent before the first edit: the phone starts from the stored content.
 */
export function usePreviewSender<T>(contentKey: string | undefined, data: T): void {
  const send = useBroadcast<{ data: T }>(
    useSupabase(),
    contentKey ? previewTopic(contentKey) : null,
    'preview',
  );
  const [opened] = useState(data);
  useEffect(() => {
    if (!contentKey || data === opened) return;
    const timer = setTimeout(() => void send({ data }), SEND_AFTER_MS);
    return () => clearTimeout(timer);
  }, [contentKey, data, opened, send]);
}

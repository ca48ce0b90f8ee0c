import { useEffect, useState } from 'react';
import type { AlertContent } from '../../content/generated/types.ts';

/** A non-permanent alert hides after 10 seconds (docs/product.md#alert-banner-and-pop-up). */
export const ALERT_AUTO_HIDE_MS = 10_000;

/** The alert is shown when it is active and has a message. */
export function isAlertShown(alert: AlertContent): boolean {
  return alert.active && alert.message.trim() !== '';
}

/**
 * Whether the alert is on screen, and how the visitor closes it. The 10 s count starts when the
 * alert appears and starts again when its content changes (a new alert deserves its 10 s); the
 * timer lives in an effect, so a server render always shows an active alert.
 */
export function useAlertVisibility(alert: AlertContent): { visible: boolean; close: () => void } {
  const key = JSON.stringify([alert.active, alert.message, alert.type, alert.permanent]);
  // The content the visitor closed or that timed out: a different alert shows again.
  const [hiddenKey, setHiddenKey] = useState<string | null>(null);
  const visible = isAlertShown(alert) && hiddenKey !== key;

  useEffect(() => {
    if (!visible || alert.permanent) return;
    const timer = window.setTimeout(() => setHiddenKey(key), ALERT_AUTO_HIDE_MS);
    return () => window.clearTimeout(timer);
  }, [visible, alert.permanent, key]);

  return { visible, close: () => setHiddenKey(key) };
}

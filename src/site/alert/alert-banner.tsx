import './alert-banner.css';
import type { ComponentType } from 'react';
import type { AlertContent } from '../../content/generated/types.ts';
import { Message } from '../../lib/message/message.tsx';
import { InfoIcon, StopIcon, WarningIcon } from '../icons/icons.tsx';

/** The admin panel's names of the three kinds, read first by screen readers. */
export const ALERT_TYPE_LABELS: Record<AlertContent['type'], string> = {
  info: 'Information',
  warning: 'Avertissement',
  error: 'Urgence',
};

const ICONS: Record<AlertContent['type'], ComponentType> = {
  info: InfoIcon,
  warning: WarningIcon,
  error: StopIcon,
};

interface AlertBannerProps {
  alert: Pick<AlertContent, 'message' | 'type'>;
  /** Shows the close button; the admin preview may leave it out. */
  onClose?: () => void;
}

/**
 * The site-wide alert as it looks: one colour and icon per kind, its kind named in text so that
 * colour is never the only cue. An emergency interrupts screen readers (role alert); information
 * and warnings wait their turn (role status). The public page and the admin preview share it.
 */
export function AlertBanner({ alert, onClose }: AlertBannerProps) {
  const label = ALERT_TYPE_LABELS[alert.type];
  const TypeIcon = ICONS[alert.type];
  return (
    <Message
      kind={alert.type === 'info' ? 'notice' : alert.type}
      as="div"
      className={`alert-banner alert-banner--${alert.type}`}
    >
      <div className="alert-banner__inner">
        <span className="alert-banner__icon" aria-hidden="true">
          <TypeIcon />
        </span>
        <p className="alert-banner__message">
          <span className="visually-hidden">{label} : </span>
          {alert.message}
        </p>
        {onClose && (
          <button
            type="button"
            className="alert-banner__close"
            aria-label="Fermer l'alerte"
            onClick={onClose}
          >
            <span aria-hidden="true">×</span>
          </button>
        )}
      </div>
    </Message>
  );
}

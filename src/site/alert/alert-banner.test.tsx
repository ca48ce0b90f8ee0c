// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AlertContent } from '../../content/generated/types.ts';
import { AlertBanner } from './alert-banner.tsx';
import { ALERT_AUTO_HIDE_MS, useAlertVisibility } from './use-alert-visibility.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const ALERT: AlertContent = {
  active: true,
  message: 'Fermé le 14 juillet',
  type: 'info',
  permanent: false,
};

function Alert({ alert }: { alert: AlertContent }) {
  const { visible, close } = useAlertVisibility(alert);
  return visible ? <AlertBanner alert={alert} onClose={close} /> : null;
}

let root: Root;
let container: HTMLElement;

beforeEach(() => {
  vi.useFakeTimers();
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.useRealTimers();
});

const show = (alert: AlertContent) => act(() => root.render(<Alert alert={alert} />));
const banner = () => container.querySelector('.alert-banner');

describe('AlertBanner', () => {
  it('names its kind in text and picks its role by urgency', () => {
    const info = renderToString(<AlertBanner alert={ALERT} />).replaceAll('<!-- -->', '');
    expect(info).toContain('role="status"');
    expect(info).toContain('Information : </span>Fermé le 14 juillet');
    expect(info).not.toContain('<button');
    const error = renderToString(<AlertBanner alert={{ ...ALERT, type: 'error' }} />);
    expect(error).toContain('role="alert"');
    expect(error).toContain('Urgence');
    expect(error).toContain('alert-banner--error');
  });

  it.each(['info', 'warning', 'error'] as const)(
    'draws the %s icon as inline SVG, never as an emoji a font may lack',
    (type) => {
      const html = renderToString(<AlertBanner alert={{ ...ALERT, type }} />);
      expect(html).toMatch(/alert-banner__icon" aria-hidden="true"><svg /);
      expect(html).not.toMatch(/\p{Extended_Pictographic}/u);
    },
  );
});

describe('useAlertVisibility', () => {
  it('hides a non-permanent alert after 10 s', () => {
    expect(ALERT_AUTO_HIDE_MS).toBe(10_000);
    show(ALERT);
    expect(banner()).not.toBeNull();
    act(() => vi.advanceTimersByTime(9_999));
    expect(banner()).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(banner()).toBeNull();
  });

  it('keeps a permanent alert until it is closed', () => {
    show({ ...ALERT, permanent: true });
    act(() => vi.advanceTimersByTime(60_000));
    expect(banner()).not.toBeNull();
    act(() => (container.querySelector('button') as HTMLButtonElement).click());
    expect(banner()).toBeNull();
  });

  it('shows nothing when inactive or without a message', () => {
    show({ ...ALERT, active: false });
    expect(banner()).toBeNull();
    show({ ...ALERT, message: '  ' });
    expect(banner()).toBeNull();
  });

  it('shows a new alert again, with its own 10 s', () => {
    show(ALERT);
    act(() => vi.advanceTimersByTime(10_000));
    expect(banner()).toBeNull();
    show({ ...ALERT, message: 'Nouvelle alerte' });
    expect(banner()?.textContent).toContain('Nouvelle alerte');
    act(() => vi.advanceTimersByTime(9_000));
    expect(banner()).not.toBeNull();
  });
});

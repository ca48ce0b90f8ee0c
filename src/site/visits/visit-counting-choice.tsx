import { useCallback, useSyncExternalStore } from 'react';
import { storage, VISIT_COUNTING_OFF_KEY } from './record-visit.ts';

const CHANGE_EVENT = 'garage:visit-counting';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('storage', onChange);
  window.addEventListener(CHANGE_EVENT, onChange);
  return () => {
    window.removeEventListener('storage', onChange);
    window.removeEventListener(CHANGE_EVENT, onChange);
  };
}

/** 'off', 'on', or 'unknown' on the server and while hydrating (no storage read yet). */
function readChoice(): 'on' | 'off' | 'unavailable' {
  const store = storage();
  if (!store) return 'unavailable';
  return store.getItem(VISIT_COUNTING_OFF_KEY) === null ? 'on' : 'off';
}

/**
 * The visitor's way to object to the audience measurement on this browser
 * (docs/legal.md#privacy): a button that stops the counting, or starts it again.
 */
export function VisitCountingChoice() {
  const choice = useSyncExternalStore(subscribe, readChoice, () => 'unknown' as const);
  const toggle = useCallback(() => {
    const store = storage();
    if (!store) return;
    if (store.getItem(VISIT_COUNTING_OFF_KEY) === null) {
      store.setItem(VISIT_COUNTING_OFF_KEY, new Date().toISOString());
    } else {
      store.removeItem(VISIT_COUNTING_OFF_KEY);
    }
    window.dispatchEvent(new Event(CHANGE_EVENT));
  }, []);
  if (choice === 'unavailable') {
    return (
      <p role="status">
        Votre navigateur refuse le stockage local : vos visites ne sont pas comptées.
      </p>
    );
  }
  return (
    <p className="visit-counting">
      <span role="status">
        {choice === 'off'
          ? 'Vos visites ne sont plus comptées sur ce navigateur.'
          : choice === 'on'
            ? 'Vos visites sont comptées sur ce navigateur.'
            : ''}
      </span>{' '}
      <button type="button" className="button" onClick={toggle} disabled={choice === 'unknown'}>
        {choice === 'off' ? 'Compter à nouveau mes visites' : 'Ne plus compter mes visites'}
      </button>
    </p>
  );
}

import './payment-calculator.css';
import { useEffect, useId, useRef, useState } from 'react';
import { CreditWarning } from '../credit/credit-advertising.tsx';
import {
  calculate,
  EMPTY_TEXT,
  formatEuros,
  formatPercent,
  PLACEHOLDER_TEXT,
  RANGE_ERROR_TEXT,
  SCHEDULE_TEXT,
} from './calculator.ts';
import { RepresentativeExample } from './representative-example.tsx';

/**
 * The visitor types an amount and reads the 2, 3 and 4 instalment plans at once. The outcome sits
 * in a polite live region, so that screen readers hear the message or the plans as they change.
 * The plans are consumer credit: each comes with its representative example, and the credit
 * warning stays in view (docs/decisions/062-credit-advertising-on-the-page.md).
 */
export function PaymentCalculator({ lender }: { lender: string }) {
  const [input, setInput] = useState('');
  const inputId = useId();
  const messageId = useId();
  const result = calculate(input);
  // An amount typed before this script ran (a slow phone shows the server's page first) is read
  // once from the field, so that its plans show without typing it again.
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (field.current?.value) setInput(field.current.value);
  }, []);

  return (
    <div className="calculator">
      <div className="calculator__field">
        <label htmlFor={inputId}>Montant de la réparation (en euros)</label>
        <input
          ref={field}
          id={inputId}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          placeholder={PLACEHOLDER_TEXT}
          value={input}
          onChange={(event) => setInput(event.target.value)}
          aria-invalid={result.status === 'invalid'}
          aria-describedby={result.status === 'ok' ? undefined : messageId}
        />
      </div>
      <div className="calculator__outcome" aria-live="polite">
        {result.status === 'empty' && (
          <p id={messageId} className="calculator__hint">
            {EMPTY_TEXT}
          </p>
        )}
        {result.status === 'invalid' && (
          <p id={messageId} className="calculator__error">
            {RANGE_ERROR_TEXT}
          </p>
        )}
        {result.status === 'ok' && (
          <>
            <ul className="calculator__plans">
              {result.options.map((option) => (
                <li key={option.count} className="calculator__plan">
                  <h3>En {option.count} fois</h3>
                  <p className="calculator__monthly">
                    <strong>{formatEuros(option.monthly)}</strong> par mois
                  </p>
                  <p>
                    Frais : {formatEuros(option.fee)} ({formatPercent(option.feePercent)} du
                    montant), facturés séparément
                  </p>
                  <RepresentativeExample amount={result.amount} option={option} lender={lender} />
                </li>
              ))}
            </ul>
            <p className="calculator__note">Sans intérêts : seuls les frais s&apos;ajoutent.</p>
            <p className="calculator__note">{SCHEDULE_TEXT}</p>
          </>
        )}
      </div>
      <CreditWarning />
    </div>
  );
}

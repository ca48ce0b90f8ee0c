import type { RequestDetail } from './requests-api.ts';
import { nextSteps, reminderText } from './follow-up.ts';
import type { RequestStatus } from './requests-model.ts';

/** The natural next steps of the job, one press each (the status list still offers them all). */
export function NextSteps({
  status,
  pending,
  onChange,
}: {
  status: RequestStatus;
  pending: boolean;
  onChange: (status: RequestStatus) => void;
}) {
  const steps = nextSteps(status);
  if (steps.length === 0) return null;
  return (
    <div className="request__steps" role="group" aria-label="Étape suivante">
      <p className="editor-field__label">Étape suivante</p>
      <p className="request__steps-buttons">
        {/* The job going on stands out; ending it (no-show, cancelled) is a plainer button. */}
        {steps.map((step, index) => (
          <button
            key={step.status}
            type="button"
            className={`button button--small${index > 0 ? ' button--secondary' : ''}`}
            disabled={pending}
            onClick={() => onChange(step.status)}
          >
            {step.label}
          </button>
        ))}
      </p>
    </div>
  );
}

/** « Rappel envoyé le … » when the customer was reminded the day before (with its mail's state). */
export function ReminderLine({ request }: { request: RequestDetail }) {
  const mail = request.mails.filter((m) => m.kind === 'rappel').at(-1);
  const text = reminderText(request.reminded_at, mail);
  if (!text) return null;
  return (
    <p className="request__reminder" data-mail-status={mail?.status ?? 'envoye'}>
      {text}
    </p>
  );
}

import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { SiteContent } from '../../content/content.ts';
import { useSupabase } from '../client/client-context.tsx';
import { GarageMap } from '../../site/sections/click-to-load-map.tsx';
import { ToComplete } from '../completeness/index.ts';
import { ConfigMissingNotice } from '../ui/config-missing-notice.tsx';
import { StoredContentEditor } from '../content/content-panel.tsx';
import { useVersionedContent } from '../content/stored-content-fallback.tsx';
import { AdminTitle } from '../shell/new-requests.tsx';
import { HomeFrame } from './home-frame.tsx';
import { readProgress, resumeAt, stepState, writeProgress, type StepState } from './progress.ts';
import { ServiceCatalogueField } from './service-catalogue-field.tsx';
import { stepForm } from './step-form.ts';
import { SETUP_STEPS, stepBySlug, type SetupStep } from './steps.ts';
import { WorkshopPhotosField } from './workshop-photos-field.tsx';
import './garage-setup.css';

const TITLE = 'Mon garage';
export const STEP_PARAM = 'etape';
/** The end screen's slug. */
export const END = 'fin';

const EXTRA_FIELDS = {
  serviceCatalogue: ServiceCatalogueField,
  workshopPhotos: WorkshopPhotosField,
};

const STATE_TEXT: Record<StepState, string> = {
  done: 'fait',
  skipped: 'passée',
  todo: 'à faire',
};

/** « Mon garage » (/admin/mon-garage): the guided setup of a new site, one step per screen. */
export function GarageSetupPage() {
  const configured = useSupabase() !== null;
  return (
    <>
      <AdminTitle>{TITLE}</AdminTitle>
      <h1>{TITLE}</h1>
      {configured ? <StoredSetup /> : <ConfigMissingNotice />}
    </>
  );
}

function StoredSetup() {
  const loaded = useVersionedContent();
  if (!loaded.ready) return loaded.fallback;
  return <Setup content={loaded.content} />;
}

function Setup({ content }: { content: SiteContent }) {
  const [params, setParams] = useSearchParams();
  const [progress, setProgress] = useState(readProgress);
  const update = useCallback((change: (current: typeof progress) => typeof progress) => {
    setProgress((current) => {
      const next = change(current);
      writeProgress(next);
      return next;
    });
  }, []);
  // Without a step in the address, the owner resumes where the setup stands.
  const asked = params.get(STEP_PARAM);
  const [resumed] = useState(() => resumeAt(SETUP_STEPS, content, progress)?.slug ?? END);
  const slug = asked ?? resumed;
  const step = stepBySlug(slug);
  const index = step ? SETUP_STEPS.indexOf(step) : SETUP_STEPS.length;
  const go = (next: string) => setParams({ [STEP_PARAM]: next });
  const nextSlug = SETUP_STEPS[index + 1]?.slug ?? END;

  // A step is marked skipped once it is left: the owner may still choose to stay on it when asked
  // about unsaved changes.
  const skipping = useRef<string | null>(null);
  useEffect(() => {
    const left = skipping.current;
    if (!left || left === slug) return;
    skipping.current = null;
    update((current) =>
      current.steps[left]
        ? current
        : { ...current, steps: { ...current.steps, [left]: 'skipped' } },
    );
  }, [slug, update]);

  // Reaching the end screen is the end of the setup: the home no longer offers it first.
  useEffect(() => {
    if (!step) writeProgress({ ...readProgress(), finished: true });
  }, [step]);

  // A new step's heading takes the focus, so a screen reader starts reading there.
  const heading = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    // A new screen starts at its top, the steps' list in view.
    window.scrollTo({ top: 0, behavior: 'instant' });
    heading.current?.focus({ preventScroll: true });
  }, [slug]);

  return (
    <div className="garage-setup">
      <p className="garage-setup__intro">
        Quelques écrans pour mettre votre garage en ligne. Chaque étape enregistre les mêmes
        informations que les pages du menu ; vous pouvez en passer une et y revenir plus tard.
      </p>
      <nav aria-label="Étapes de la configuration" className="garage-setup__steps">
        <ol>
          {SETUP_STEPS.map((item) => {
            const state = stepState(item, content, progress);
            return (
              <li key={item.slug} className={`garage-setup__step garage-setup__step--${state}`}>
                <Link
                  to={`?${STEP_PARAM}=${item.slug}`}
                  aria-current={item.slug === slug ? 'step' : undefined}
                >
                  {item.title}
                  <span className="garage-setup__state">({STATE_TEXT[state]})</span>
                </Link>
              </li>
            );
          })}
          <li className="garage-setup__step">
            <Link to={`?${STEP_PARAM}=${END}`} aria-current={slug === END ? 'step' : undefined}>
              Ce qui reste à faire
            </Link>
          </li>
        </ol>
      </nav>
      {step ? (
        <Step
          key={step.slug}
          step={step}
          number={index + 1}
          content={content}
          heading={heading}
          onSaved={() =>
            update((current) => ({ ...current, steps: { ...current.steps, [step.slug]: 'saved' } }))
          }
          onSkip={() => {
            skipping.current = step.slug;
            go(nextSlug);
          }}
          onNext={() => go(nextSlug)}
          onBack={index > 0 ? () => go(SETUP_STEPS[index - 1]!.slug) : undefined}
        />
      ) : (
        <End content={content} heading={heading} />
      )}
    </div>
  );
}

interface StepProps {
  step: SetupStep;
  number: number;
  content: SiteContent;
  heading: React.RefObject<HTMLHeadingElement | null>;
  onSaved: () => void;
  onSkip: () => void;
  onNext: () => void;
  onBack: (() => void) | undefined;
}

function Step({ step, number, content, heading, onSaved, onSkip, onNext, onBack }: StepProps) {
  const [version, setVersion] = useState(0);
  const [saved, setSaved] = useState(false);
  const forms = useMemo(
    () => step.parts.map((part) => stepForm(part.type, part.fields, part.uiSchema)),
    [step],
  );
  const saveDone = useCallback(() => {
    setVersion((current) => current + 1);
    setSaved(true);
    onSaved();
  }, [onSaved]);
  return (
    <section className="garage-setup__current" aria-labelledby="garage-setup-step">
      <h2 id="garage-setup-step" ref={heading} tabIndex={-1}>
        Étape {number} sur {SETUP_STEPS.length} : {step.title}
      </h2>
      <p className="garage-setup__step-intro">{step.intro}</p>
      <div className="garage-setup__body">
        <div className="garage-setup__forms">
          {step.parts.map((part, index) => {
            const editor = (
              <StoredContentEditor
                type={part.type}
                form={forms[index]}
                extraFields={EXTRA_FIELDS}
                onSaved={saveDone}
              />
            );
            const titleId = `garage-setup-part-${index}`;
            // A step of several parts: each a region of its own, with its own Save button.
            return part.title ? (
              <section
                key={`${part.type}-${index}`}
                className="garage-setup__part"
                aria-labelledby={titleId}
              >
                <h3 id={titleId}>{part.title}</h3>
                {editor}
              </section>
            ) : (
              <div key={`${part.type}-${index}`} className="garage-setup__part">
                {editor}
              </div>
            );
          })}
          {step.map && (
            <div className="garage-setup__map">
              <h3>Le plan sur le site</h3>
              <GarageMap identity={content.identity} />
            </div>
          )}
          <div className="garage-setup__actions">
            {onBack && (
              <button type="button" className="button button--secondary" onClick={onBack}>
                Étape précédente
              </button>
            )}
            <button type="button" className="button button--secondary" onClick={onSkip}>
              Passer cette étape
            </button>
            <button
              type="button"
              className={saved ? 'button' : 'button button--secondary'}
              onClick={onNext}
            >
              Étape suivante
            </button>
          </div>
        </div>
        <HomeFrame version={version} />
      </div>
    </section>
  );
}

function End({
  content,
  heading,
}: {
  content: SiteContent;
  heading: React.RefObject<HTMLHeadingElement | null>;
}) {
  return (
    <section className="garage-setup__current" aria-labelledby="garage-setup-step">
      <h2 id="garage-setup-step" ref={heading} tabIndex={-1}>
        Votre site est configuré
      </h2>
      <p>
        Vos réglages sont enregistrés et visibles sur le site. La liste ci-dessous dit ce qui manque
        encore ; chaque ligne ouvre le champ à remplir.
      </p>
      <ToComplete content={content} guide={false} />
      <p className="garage-setup__actions">
        <a className="button" href="/" target="_blank" rel="noopener">
          Voir mon site<span className="visually-hidden"> (nouvel onglet)</span>
        </a>
        <Link className="button button--secondary" to="/admin">
          Aller à l&apos;accueil de l&apos;administration
        </Link>
      </p>
    </section>
  );
}

import { useId } from 'react';
import type { ErrorSchema, FieldProps } from '@rjsf/utils';
import { contentGaps } from '../../content/completeness.ts';
import type { ServicesContent } from '../../content/generated/types.ts';
import { PhotoUpload } from '../media/index.ts';

type Slide = ServicesContent['carouselImages'][number];

/** The slides and the illustration that are still the examples shipped with the site. */
function examples(services: ServicesContent): { slides: Set<number>; illustration: boolean } {
  const gaps = contentGaps({ services }).filter((gap) => gap.reason === 'placeholder');
  const slides = new Set(
    gaps.filter((gap) => gap.path[0] === 'carouselImages').map((gap) => Number(gap.path[1])),
  );
  return { slides, illustration: gaps.some((gap) => gap.path[0] === 'imageUrl') };
}

function errorsAt(errorSchema: ErrorSchema | undefined, ...path: (string | number)[]): string[] {
  let node: unknown = errorSchema;
  for (const key of path) node = (node as Record<string, unknown> | undefined)?.[key];
  return ((node as ErrorSchema | undefined)?.__errors ?? []) as string[];
}

/**
 * `ui:field: "workshopPhotos"`, at the root of the services form in « Mon garage »: photos of the
 * workshop taken with the phone become the slides of the services' carousel, each with what it
 * shows; the first one also takes the place of the illustration beside the list. The examples
 * shipped with the site go as soon as the first photo arrives (docs/decisions/072-mon-garage.md).
 */
export function WorkshopPhotosField(props: FieldProps) {
  const { formData, errorSchema, onChange, fieldPathId, disabled, readonly } = props;
  const services = formData as ServicesContent;
  const slides = services.carouselImages ?? [];
  const shipped = examples(services);
  const own = slides.flatMap((slide, index) =>
    shipped.slides.has(index) ? [] : [{ slide, index }],
  );
  const locked = Boolean(disabled || readonly);
  const id = useId();
  const base = fieldPathId.$id;
  const save = (next: Slide[], illustration = services.imageUrl) =>
    onChange({ ...services, carouselImages: next, imageUrl: illustration }, fieldPathId.path);

  const add = (address: string) => {
    const kept = slides.filter((_, index) => !shipped.slides.has(index));
    save(
      [...kept, { image: address, alt: '' }],
      shipped.illustration ? address : services.imageUrl,
    );
  };
  const remove = (index: number, position: number) => {
    const removed = slides[index];
    const next = slides.filter((_, i) => i !== index);
    const illustration =
      removed && services.imageUrl === removed.image
        ? (next[0]?.image ?? services.imageUrl)
        : services.imageUrl;
    save(next, illustration);
    // The button took itself away: the focus goes to the photo now in its place, else the one
    // before, else the first way to add one (docs/decisions/092-focus-follows-actions.md).
    requestAnimationFrame(() => {
      const group = document.getElementById(base);
      const described = [
        ...(group?.querySelectorAll<HTMLElement>('.workshop-photos__item input') ?? []),
      ];
      (
        described[position] ??
        described.at(-1) ??
        group?.querySelector<HTMLElement>('button')
      )?.focus();
    });
  };
  const describe = (index: number, alt: string) =>
    save(slides.map((slide, i) => (i === index ? { ...slide, alt } : slide)));

  return (
    <fieldset className="workshop-photos" id={base}>
      <legend>Photos de l&apos;atelier</legend>
      <p className="field-description">
        Prenez en photo l&apos;atelier, l&apos;équipe, une voiture sur le pont… Elles défilent dans
        la section « Services » ; la première s&apos;affiche aussi à côté de la liste des services.
        {shipped.slides.size > 0 && ' Les images d’exemple du site sont remplacées par vos photos.'}
      </p>
      <div className="workshop-photos__add">
        <PhotoUpload
          id={`${id}-camera`}
          disabled={locked}
          capture={{ label: 'Prendre une photo' }}
          onUploaded={add}
        />
        <PhotoUpload id={`${id}-files`} disabled={locked} onUploaded={add} />
      </div>
      {own.length === 0 ? (
        <p className="workshop-photos__empty">Aucune photo de votre atelier pour l&apos;instant.</p>
      ) : (
        <ol className="workshop-photos__list">
          {own.map(({ slide, index }, position) => {
            const altId = `${base}_carouselImages_${index}_alt`;
            const errors = errorsAt(errorSchema, 'carouselImages', index, 'alt');
            return (
              <li key={`${index}-${slide.image}`} className="workshop-photos__item">
                <img src={slide.image} alt="" width={160} height={120} />
                <div className="workshop-photos__text">
                  <label htmlFor={altId}>
                    Ce que montre la photo {position + 1} (lu aux personnes aveugles)
                  </label>
                  <input
                    type="text"
                    className="editor-input"
                    id={altId}
                    value={slide.alt}
                    disabled={locked}
                    required
                    aria-invalid={errors.length > 0 || undefined}
                    aria-describedby={errors.length > 0 ? `${altId}-error` : undefined}
                    onChange={(event) => describe(index, event.target.value)}
                  />
                  {errors.length > 0 && (
                    <p id={`${altId}-error`} className="editor-field__error">
                      {errors[0]}
                    </p>
                  )}
                  <button
                    type="button"
                    className="widget-button widget-button--danger"
                    disabled={locked}
                    onClick={() => remove(index, position)}
                  >
                    Retirer<span className="visually-hidden"> la photo {position + 1}</span>
                  </button>
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </fieldset>
  );
}

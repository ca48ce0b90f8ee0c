import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { StaticPathRouter } from '../../app/public-router.tsx';
import { contentKeys } from '../../content/api.ts';
import type { SiteContent } from '../../content/content.ts';
import { DEFAULT_CONTENT } from '../../content/defaults.ts';
import { freshFormState, requestFormKeys, type RequestFormState } from './request-form-model.ts';
import { SENT_TEXT } from './request-messages.ts';
import { REQUEST_FORM_PATH, REQUEST_PAGE_HEADING } from './request-route.ts';
import { RequestPage } from './request-page.tsx';

const START = `1764200000000.${'0'.repeat(64)}`;
const fresh = () => freshFormState(START, '2026-11-27');

/** The page as the server renders it, in a given state of the form. */
function renderPage(state: RequestFormState, content = DEFAULT_CONTENT as SiteContent): string {
  const client = new QueryClient();
  client.setQueryData(contentKeys.all, content);
  client.setQueryData(requestFormKeys.state, state);
  return renderToString(
    <QueryClientProvider client={client}>
      <StaticPathRouter path={REQUEST_FORM_PATH}>
        <RequestPage />
      </StaticPathRouter>
    </QueryClientProvider>,
  );
}

describe('the request page', () => {
  it('offers the services the home page shows, then « Autre »', () => {
    const content = structuredClone(DEFAULT_CONTENT) as SiteContent;
    content.services.servicesList = ['Vidange', 'Carrosserie'];
    const html = renderPage(fresh(), content);
    expect(html).toContain(`<h1>${REQUEST_PAGE_HEADING}</h1>`);
    const options = [...html.matchAll(/<option value="([^"]*)"/g)].map((m) => m[1]);
    expect(options.slice(0, 4)).toEqual(['', 'Vidange', 'Carrosserie', 'Autre']);
    expect(html).toContain(
      'Choisissez jusqu’à trois demi-journées où le garage peut vous recevoir',
    );
    expect(html).not.toContain('role="alert"');
  });

  it('ties each problem to its field and lists them all at the top', () => {
    const state = fresh();
    state.values.name = 'Camille';
    state.problems = [
      { field: 'phone', message: 'Indiquez un téléphone ou un e-mail.' },
      { field: null, message: 'Réessayez plus tard.' },
    ];
    const html = renderPage(state);
    expect(html).toMatch(/<title>Erreur : /);
    // The whole form's refusal is no point to correct.
    expect(html).toContain('Votre demande n’a pas été envoyée : un point est à corriger.');
    expect(html).toContain('<a href="#demande-phone">Indiquez un téléphone ou un e-mail.</a>');
    expect(html).toContain('<li>Réessayez plus tard.</li>');
    expect(html).toMatch(
      /id="demande-phone" aria-invalid="true" aria-describedby="demande-phone-erreur"/,
    );
    expect(html).toMatch(/id="demande-name"[^>]*value="Camille"/);
  });

  it('titles a refusal of the whole form (too many requests) without points to correct', () => {
    const state = fresh();
    state.problems = [{ field: null, message: 'Vous avez déjà envoyé plusieurs demandes.' }];
    const html = renderPage(state);
    expect(html).toMatch(/<h2 id="[^"]+">Votre demande n’a pas été envoyée\.<\/h2>/);
    expect(html).not.toContain('point');
  });

  /** The choices (value, text, selected) of the n-th preferred half-day's list. */
  const choices = (html: string, n: number) => {
    const list = new RegExp(`<select[^>]*id="demande-date-${n}"[^>]*>([\\s\\S]*?)</select>`).exec(
      html,
    )?.[1];
    return [
      ...(list ?? '').matchAll(/<option value="([^"]*)"( selected="")?>([^<]*)<\/option>/g),
    ].map((m) => ({ value: m[1], text: m[3], selected: Boolean(m[2]) }));
  };

  it('offers the half-days open and not full, from tomorrow to 30 days later, in three lists', () => {
    const state: RequestFormState = {
      ...fresh(),
      load: [{ day: '2026-11-30', moment: 'matin', booked: 3 }],
    };
    const html = renderPage(state);
    expect(html).toContain('<label for="demande-date-1">1er choix</label>');
    expect(html).toContain('<label for="demande-date-3">3e choix</label>');
    const offered = choices(html, 1);
    expect(offered.slice(0, 3)).toEqual([
      { value: '', text: 'Aucun', selected: true },
      // Today, Friday 27, is not offered; Saturday and Sunday are closed; Monday morning is full
      // (3 vehicles by default).
      { value: '2026-11-30|apres-midi', text: 'Lundi 30 novembre, après-midi', selected: false },
      { value: '2026-12-01|matin', text: 'Mardi 1 décembre, matin', selected: false },
    ]);
    // 30 days later is Sunday 27 December; the 25th is Christmas, the 26th a Saturday.
    expect(offered.at(-1)?.value).toBe('2026-12-24|apres-midi');
    expect(offered.map((o) => o.value)).not.toContain('2026-12-25|matin');
    expect(choices(html, 3)).toEqual(offered);
    expect(html).toContain(`name="started_at" value="${START}"`);
  });

  it('keeps a choice sent back with a refusal, even one no longer offered', () => {
    const state: RequestFormState = {
      ...fresh(),
      load: [{ day: '2026-11-30', moment: 'matin', booked: 3 }],
    };
    state.values.dates[0] = { date: '2026-11-30', moment: 'matin' };
    state.values.dates[1] = { date: '2026-12-01', moment: 'apres-midi' };
    state.problems = [
      {
        field: 'date_1',
        message: 'Le lundi 30 novembre 2026 matin est complet : choisissez une autre demi-journée.',
      },
    ];
    const html = renderPage(state);
    expect(choices(html, 1).filter((o) => o.selected)).toEqual([
      { value: '2026-11-30|matin', text: 'Lundi 30 novembre, matin', selected: true },
    ]);
    expect(choices(html, 2).filter((o) => o.selected)[0]?.value).toBe('2026-12-01|apres-midi');
    expect(html).toMatch(/<select[^>]*id="demande-date-1"[^>]*aria-invalid="true"/);
  });

  it('says so when no half-day is free, and asks for the visitor’s availability instead', () => {
    const content = structuredClone(DEFAULT_CONTENT) as SiteContent;
    for (const day of Object.values(content.appointments.capacity)) {
      day.matin = 0;
      day['apres-midi'] = 0;
    }
    const html = renderPage({ ...fresh(), load: [] }, content);
    expect(html).toContain('Aucune demi-journée n’est libre dans les 30 prochains jours');
    expect(html).not.toContain('id="demande-date-1"');
  });

  it('leaves « Demander un devis » out of the phones’ call bar on the form’s own page', () => {
    const html = renderPage(fresh());
    const bar = /<div class="call-bar">([\s\S]*?)<\/div>/.exec(html)?.[1] ?? '';
    expect(bar).toContain('Appeler');
    expect(bar).not.toContain(REQUEST_FORM_PATH);
  });

  it('shows the confirmation in place of the form once sent', () => {
    const html = renderPage({ ...fresh(), sent: true });
    expect(html).toContain(SENT_TEXT);
    expect(html).toMatch(/class="request-sent" role="status" tabindex="-1"/);
    expect(html).not.toContain('<form');
  });
});

describe('the notice under the consent box', () => {
  const text = (html: string) =>
    html
      .replace(/<!-- -->/g, '')
      .replace(/<[^>]+>/g, ' ')
      .replace(/&#x27;/g, "'")
      .replace(/\s+/g, ' ');

  it('says who keeps the details, why, for how long and how to use one’s rights', () => {
    const content = structuredClone(DEFAULT_CONTENT) as SiteContent;
    content.identity = {
      ...content.identity,
      name: 'Garage Martin',
      email: 'atelier@garage-martin.fr',
      phone: '04 72 00 11 22',
    };
    const html = renderPage(fresh(), content);
    const notice = text(
      html.slice(html.indexOf('request-form__consent'), html.indexOf('request-form__trap')),
    );
    expect(notice).toContain('enregistrées par Garage Martin pour répondre à votre demande');
    expect(notice).toContain("effacées 24 mois après l'envoi");
    expect(notice).toContain(
      'en écrivant à atelier@garage-martin.fr ou en appelant le 04 72 00 11 22',
    );
    expect(notice).toContain('CNIL');
    expect(notice).toContain('politique de confidentialité');
  });

  it('never gives the shipped example e-mail or phone as the way to reach the garage', () => {
    const html = text(renderPage(fresh()));
    expect(html).not.toContain(DEFAULT_CONTENT.identity.email);
    expect(html).toContain('ou vous opposer à leur usage en contactant le garage');
  });
});

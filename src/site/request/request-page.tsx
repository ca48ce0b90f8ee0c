import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSiteContent } from '../../content/api.ts';
import { SimplePageLayout } from '../layout/simple-page-layout.tsx';
import { LEGAL_PAGES } from '../legal/legal-pages.ts';
import { telHref } from '../sections/contact-section.tsx';
import { usePageHead } from '../seo/use-page-head.ts';
import { requestPageTitle, REQUEST_PAGE_HEADING } from './request-route.ts';
import { RequestForm } from './request-form.tsx';
import { RequestNotice } from './request-notice.tsx';
import { freshFormState, requestFormKeys, type RequestFormState } from './request-form-model.ts';
import { parisDay } from './preferred-days.ts';

const PRIVACY_PATH = LEGAL_PAGES.find((page) => page.field === 'privacy')!.path;

/**
 * `/rendez-vous`: the request form on a page of its own. The server hands over the form's state
 * (kept values and problems after a post without JavaScript, or the confirmation, and when the
 * form was shown); a page opened from a link starts an empty form.
 */
export function RequestPage() {
  const { content } = useSiteContent();
  usePageHead({ page: 'request', content });
  const client = useQueryClient();
  const [initial] = useState(
    () =>
      client.getQueryData<RequestFormState>(requestFormKeys.state) ??
      freshFormState(null, parisDay(Date.now())),
  );
  const refused = initial.problems.length > 0;
  return (
    <SimplePageLayout>
      <article className="request-page">
        <title>
          {initial.sent
            ? `Demande envoyée – ${content.identity.name}`
            : `${refused ? 'Erreur : ' : ''}${requestPageTitle(content.identity)}`}
        </title>
        <h1>{REQUEST_PAGE_HEADING}</h1>
        <p className="request-page__intro">
          Décrivez votre besoin : le garage vous rappelle ou vous écrit pour vous proposer un devis
          ou un rendez-vous. Pour une urgence, appelez directement le{' '}
          <a href={telHref(content.identity.phone)}>{content.identity.phone}</a>.
        </p>
        <RequestForm
          initial={initial}
          services={content.services.servicesList}
          hours={content.hours}
          appointments={content.appointments}
          privacyPath={PRIVACY_PATH}
          notice={<RequestNotice identity={content.identity} privacyPath={PRIVACY_PATH} />}
        />
      </article>
    </SimplePageLayout>
  );
}

import { DEFAULT_CONTENT } from '../../content/defaults.ts';

const c = DEFAULT_CONTENT;

/**
 * A short summary of each default section, so the skeleton page is readable; issue 4 replaces
 * these with the full section components fed by the stored content.
 */
export function SectionBody({ id }: { id: string }) {
  switch (id) {
    case 'services':
      return <p>{c.services.description}</p>;
    case 'about':
      return <p>{c.about.content}</p>;
    case 'hours':
      return (
        <ul>
          {[c.hours.weekdays, c.hours.saturday, c.hours.sunday, c.hours.holidays].map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      );
    case 'pricing':
      return (
        <ul>
          {[c.pricing.t1, c.pricing.t2, c.pricing.t3].map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      );
    case 'payment-calculator':
      return <p>Réglez vos réparations de 50€ à 2000€ en 2, 3 ou 4 fois.</p>;
    case 'vehicles':
      return <p>{c.vehicles.description}</p>;
    case 'financing':
      return <p>{c.financing.description}</p>;
    case 'blog':
      return <p>{c.blog.description}</p>;
    case 'contact':
      return (
        <address>
          {c.contact.address}
          <br />
          <a href={`tel:${c.contact.phone.replace(/\s/g, '')}`}>{c.contact.phone}</a>
          <br />
          <a href={`mailto:${c.contact.email}`}>{c.contact.email}</a>
        </address>
      );
    default:
      return null;
  }
}

import type { CustomValidator } from '@rjsf/utils';
import type { ThemeContent } from '../../content/generated/types.ts';
import { contrastProblem } from '../../lib/theme/contrast-rules.ts';
import { themeTokens } from '../../lib/theme/theme-css.ts';
import { ContentPanel } from '../content/content-panel.tsx';
import './theme-page.css';

/** The colours that would leave a text unreadable are refused here as in the database. */
const readableColours: CustomValidator<ThemeContent> = (theme, errors) => {
  const problem = theme && contrastProblem(theme);
  if (problem) errors[problem.field]?.addError(problem.message);
  return errors;
};

/** The pieces of the public site the theme changes: header, titles, buttons, footer. */
function ThemePreview({ theme, name }: { theme: ThemeContent; name: string }) {
  const t = themeTokens(theme);
  return (
    <div className="theme-preview" style={{ fontFamily: t.fontBody }}>
      <p className="theme-preview__bar" style={{ background: t.navy }}>
        <strong style={{ fontFamily: t.fontHeading }}>{name}</strong>
        <span style={{ color: t.accent }}>Contact</span>
      </p>
      <div className="theme-preview__section">
        <p className="theme-preview__title" style={{ color: t.navy, fontFamily: t.fontHeading }}>
          Nos services
        </p>
        <p>Entretien, réparation et diagnostic toutes marques.</p>
        <span className="theme-preview__button" style={{ background: t.accent }}>
          Prendre rendez-vous
        </span>
      </div>
      <p className="theme-preview__bar" style={{ background: t.navyDeep }}>
        Pied de page
      </p>
    </div>
  );
}

/** "Couleurs et police" (/admin/theme): the public site's colours and fonts. */
export function ThemePage() {
  return (
    <ContentPanel
      type="theme"
      title="Couleurs et police"
      intro="Les couleurs et la police du site public. Une couleur qui rendrait un texte difficile à lire est refusée, avec une teinte proche à essayer."
      customValidate={readableColours}
      renderPreview={(theme, content) => (
        <ThemePreview theme={theme} name={content.identity.name} />
      )}
    />
  );
}

import { DEFAULT_CONTENT } from '../../content/defaults.ts';

const hero = DEFAULT_CONTENT.hero;

/** The page's top section and its only h1. Issue 4 adds the image fallback and live content. */
export function HeroSection({ anchor }: { anchor: string }) {
  return (
    <section id={anchor} className="hero" aria-labelledby={`${anchor}-title`}>
      <img
        className="hero__image"
        src={hero.backgroundImage}
        alt=""
        width={1600}
        height={900}
        fetchPriority="high"
      />
      <div className="hero__content">
        <h1 id={`${anchor}-title`}>{hero.heading}</h1>
        <p className="hero__subheading">{hero.subheading}</p>
        <p>{hero.description}</p>
        <a className="button" href="#contact">
          Nous contacter
        </a>
      </div>
    </section>
  );
}

import type { ComponentType } from 'react';
import type { ContentByType } from '../../content/generated/types.ts';
import { AboutSection } from './about-section.tsx';
import { BlogSection } from './blog-section.tsx';
import { ContactSection } from './contact-section.tsx';
import { FinancingSection } from './financing-section.tsx';
import { HeroSection } from './hero-section.tsx';
import { HoursSection } from './hours-section.tsx';
import { PricingSection } from './pricing-section.tsx';
import { ServicesSection } from './services-section.tsx';
import { VehiclesSection } from './vehicles-section.tsx';

/** The content types that are a home section with their own public component and admin editor. */
export type EditableSectionType =
  | 'hero'
  | 'services'
  | 'about'
  | 'hours'
  | 'pricing'
  | 'vehicles'
  | 'financing'
  | 'blog'
  | 'contact';

export interface SectionEntry<T extends EditableSectionType> {
  /** The spec's anchor id on the home page (hero, services, propos, horaires, honoraires, vehicles, financement, blog, contact). */
  anchor: string;
  /** The public component; the admin preview renders it with unsaved values. */
  component: ComponentType<{ content: ContentByType[T] }>;
  /** The admin editor of this content: route under /admin/ and its French title. */
  editor: { path: string; title: string };
}

/**
 * Every editable home section, one line each: adding a section type is a schema, a public
 * component and one line here.
 */
// prettier-ignore
export const SECTION_REGISTRY: { [T in EditableSectionType]: SectionEntry<T> } = {
  hero:      { anchor: 'hero',        component: HeroSection,      editor: { path: 'hero',         title: 'Accueil' } },
  services:  { anchor: 'services',    component: ServicesSection,  editor: { path: 'services',     title: 'Services' } },
  about:     { anchor: 'propos',      component: AboutSection,     editor: { path: 'about',        title: 'À Propos' } },
  hours:     { anchor: 'horaires',    component: HoursSection,     editor: { path: 'hours',        title: 'Horaires' } },
  pricing:   { anchor: 'honoraires',  component: PricingSection,   editor: { path: 'pricing',      title: 'Tarifs' } },
  vehicles:  { anchor: 'vehicles',    component: VehiclesSection,  editor: { path: 'vehicles',     title: 'Véhicules' } },
  financing: { anchor: 'financement', component: FinancingSection, editor: { path: 'financing',    title: 'Financement' } },
  blog:      { anchor: 'blog',        component: BlogSection,      editor: { path: 'blog-section', title: 'Section Blog' } },
  contact:   { anchor: 'contact',     component: ContactSection,   editor: { path: 'contact',      title: 'Contact' } },
};

/** Whether a `sections` id names a registered section type. */
export function isEditableSectionType(id: string): id is EditableSectionType {
  return Object.hasOwn(SECTION_REGISTRY, id);
}

import type { ComponentType } from 'react';
import type { ContentByType } from '../../content/generated/types.ts';
import type { EditableSectionType, SectionType } from '../../content/section-types.ts';
import { AboutSection } from './about-section.tsx';
import { BlogSection } from './blog-section.tsx';
import { ContactSection } from './contact-section.tsx';
import { FinancingSection } from './financing-section.tsx';
import { HeroSection } from './hero-section.tsx';
import { HoursSection } from './hours-section.tsx';
import { PaymentCalculatorSection } from './payment-calculator-section.tsx';
import { PricingSection } from './pricing-section.tsx';
import { ServicesSection } from './services-section.tsx';
import { TestimonialsSection } from './testimonials-section.tsx';
import { VehiclesSection } from './vehicles-section.tsx';

/**
 * What a section's component is given: the section's title, and the content of its type when the
 * type has content of its own (the admin preview renders it with unsaved values).
 */
export type SectionProps<T extends SectionType> = { title: string } & (T extends EditableSectionType
  ? { content: ContentByType[T] }
  : unknown);

/**
 * The public component of each section type, one line each. Its anchor, names and editor route
 * are declared in its schema (`x-section`); adding a type is a schema, a component and a line here.
 */
export const SECTION_COMPONENTS: { [T in SectionType]: ComponentType<SectionProps<T>> } = {
  hero: HeroSection,
  services: ServicesSection,
  about: AboutSection,
  hours: HoursSection,
  pricing: PricingSection,
  'payment-calculator': PaymentCalculatorSection,
  vehicles: VehiclesSection,
  financing: FinancingSection,
  blog: BlogSection,
  contact: ContactSection,
  testimonials: TestimonialsSection,
};

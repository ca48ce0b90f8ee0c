/**
 * What the home page's figures offer the rest of the back-office: the other folders import
 * only this; their other files are their own (docs/decisions/085-admin-zones.md).
 */
export { MonthFigures } from './month-figures.tsx';

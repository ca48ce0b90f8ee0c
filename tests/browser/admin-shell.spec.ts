import { EDITABLE_SECTION_TYPES, sectionEditor } from '../../src/content/section-types.ts';
import { ADMIN_NAV, adminHref } from '../../src/admin/shell/nav-items.ts';
import { expect, signIn, test } from './fixtures.ts';

/** The spec's section editors, in the order of its navigation. */
const SPEC_SECTION_LINKS = [
  ['/admin/hero', 'Accueil'],
  ['/admin/services', 'Services'],
  ['/admin/about', 'À Propos'],
  ['/admin/hours', 'Horaires'],
  ['/admin/pricing', 'Tarifs'],
  ['/admin/vehicles', 'Véhicules'],
  ['/admin/financing', 'Financement'],
  ['/admin/blog-section', 'Section Blog'],
  ['/admin/contact', 'Contact'],
];

/** The spec's other pages, where docs/decisions/010-admin-routes.md puts them. */
const SPEC_OTHER_LINKS = [
  ['/admin/blog', 'Gestion du Blog'],
  ['/admin/stats', 'Statistiques'],
  ['/admin/alert', "Gérer l'Alerte"],
];

/** The side navigation's groups, as the back-office declares them (the section editors from the schemas). */
const GROUPS = Object.fromEntries(
  ADMIN_NAV.map((group) => [group.label, group.items.map((item) => [adminHref(item), item.label])]),
);

test.beforeEach(async ({ page, server }) => {
  await signIn(page, server.admin.email, server.admin.password);
  await expect(page).toHaveURL(/\/admin$/);
});

test('the side navigation has both groups with their links in order', async ({ page }) => {
  const nav = page.getByRole('navigation', { name: "Navigation de l'administration" });
  await expect(nav.getByRole('heading')).toHaveText(Object.keys(GROUPS));
  const expected = Object.values(GROUPS).flat();
  const links = nav.getByRole('link');
  // « Demandes » may carry its badge of new requests.
  await expect(links).toHaveText(
    expected.map(([, label]) => (label === 'Demandes' ? /^Demandes/ : label!)),
  );
  for (const [index, [href]] of expected.entries()) {
    await expect(links.nth(index)).toHaveAttribute('href', href!);
  }
  // Both groups hold what the spec asks, in its order.
  const inOrder = (group: string, asked: string[][]) => {
    const spec = asked.map(([href, label]) => `${href} ${label}`);
    const shown = GROUPS[group]!.map(([href, label]) => `${href} ${label}`);
    expect(shown.filter((link) => spec.includes(link))).toEqual(spec);
  };
  inOrder("Sections Page d'Accueil", SPEC_SECTION_LINKS);
  inOrder('Autres Pages', SPEC_OTHER_LINKS);
  // Every section type with an editor has its link, from the schemas.
  expect(GROUPS["Sections Page d'Accueil"]).toEqual(
    expect.arrayContaining(
      EDITABLE_SECTION_TYPES.map(sectionEditor).map(({ path, title }) => [`/admin/${path}`, title]),
    ),
  );
});

test('every admin route has its page with a title', async ({ page }) => {
  const nav = page.getByRole('navigation', { name: "Navigation de l'administration" });
  for (const [href, label] of Object.values(GROUPS).flat()) {
    await nav.getByRole('link', { name: label, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expect(nav.getByRole('link', { name: label, exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
  }
  await page.goto('/admin/stats');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Statistiques de Visites');
});

test('the header links to the admin home and opens the site in a new tab', async ({ page }) => {
  await page.goto('/admin/hours');
  const header = page.getByRole('banner');
  await header.getByRole('link', { name: 'Administration' }).click();
  await expect(page).toHaveURL(/\/admin$/);

  const site = header.getByRole('link', { name: /Voir le site/ });
  await expect(site).toHaveAttribute('href', '/');
  await expect(site).toHaveAttribute('target', '_blank');
  await expect(site).toHaveAttribute('rel', /noopener/);
  const [popup] = await Promise.all([page.waitForEvent('popup'), site.click()]);
  await expect(popup.getByRole('heading', { level: 1 })).toHaveText('Votre garage indépendant');
  await popup.close();
});

test('the mobile menu toggle shows and hides the navigation', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const toggle = page.getByRole('button', { name: 'Menu' });
  const nav = page.getByRole('navigation', { name: "Navigation de l'administration" });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(nav).toBeHidden();
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await nav.getByRole('link', { name: 'Horaires' }).click();
  await expect(page).toHaveURL(/\/admin\/hours$/);
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(nav).toBeHidden();
  // The link chosen is hidden with the menu: the focus is on the page.
  await expect(page.getByRole('main')).toBeFocused();
});

import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { DEFAULT_CONTENT } from '../../src/content/generated/defaults.ts';
import type { Section } from '../../src/content/generated/types.ts';
import { BLOCK_TYPES, SECTION_TYPE_NAMES, SECTION_TYPES } from '../../src/content/section-types.ts';
import { sectionAnchor } from '../../src/site/home/section-anchors.ts';
import { expect, test } from './fixtures.ts';
import { readContent, useAdminSession, writeContent } from './admin-session.ts';
import { readServerInfo } from './server-info.ts';
import { axeViolations } from './axe.ts';

/** The home page's anchor of a default section, or of an added section (its own id). */
const anchorOf = (id: string) =>
  sectionAnchor(DEFAULT_CONTENT.sections.find((section) => section.id === id) ?? { id, type: id });
const DEFAULT_IDS = DEFAULT_CONTENT.sections.map((section) => section.id);

/** What "Ajouter une section" offers: the free blocks, then each declared type not on the page. */
const offered = (sections: readonly Section[]) => [
  ...Object.values(BLOCK_TYPES).map((block) => block.label),
  ...SECTION_TYPE_NAMES.filter((type) => !sections.some((s) => s.type === type)).map(
    (type) => SECTION_TYPES[type].label,
  ),
];

const session = useAdminSession('admin-sections');
const { apiHeaders } = session;

const storedSections = (request: APIRequestContext, headers: Record<string, string>) =>
  readContent<Section[]>(request, headers, 'sections');

const storeSections = (
  request: APIRequestContext,
  headers: Record<string, string>,
  content: Section[] | undefined,
) => writeContent(request, headers, 'sections', content);

const sortedIds = (sections: readonly Section[] | undefined) =>
  [...(sections ?? [])].sort((a, b) => a.order - b.order).map((section) => section.id);

function listOf(page: Page): Locator {
  return page.getByRole('region', { name: "Sections de la page d'accueil" }).getByRole('listitem');
}

const rowOf = (page: Page, title: string) =>
  listOf(page).filter({ has: page.locator('.sections-row__title', { hasText: title }) });

async function adminIds(page: Page): Promise<string[]> {
  return listOf(page).evaluateAll((rows) =>
    rows.map((row) => row.getAttribute('data-section-id')!),
  );
}

async function publicAnchors(page: Page): Promise<string[]> {
  await page.goto('/');
  await expect(page.locator('main > section').first()).toBeVisible();
  return page.locator('main > section').evaluateAll((nodes) => nodes.map((node) => node.id));
}

const saved = (page: Page) => expect(page.getByText('✓ Enregistré')).toBeVisible();

function moved(ids: readonly string[], from: number, to: number): string[] {
  const copy = [...ids];
  const [item] = copy.splice(from, 1);
  copy.splice(to, 0, item!);
  return copy;
}

let headers: Record<string, string>;
let original: Section[] | undefined;

test.beforeEach(async ({ page, request }) => {
  await page.goto('/admin');
  const json = await page.locator('#supabase-config').textContent();
  headers = apiHeaders((JSON.parse(json!) as { anonKey: string }).anonKey);
  original = await storedSections(request, headers);
  // Every test starts from the spec's ten sections, in order and all visible.
  await storeSections(request, headers, DEFAULT_CONTENT.sections);
  await page.reload();
  await expect(listOf(page)).toHaveCount(DEFAULT_IDS.length);
});

test.afterEach(async ({ request }) => {
  await storeSections(request, headers, original);
});

test('lists the sections in order with their controls', async ({ page }) => {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Gérer les Sections');
  expect(await adminIds(page)).toEqual(DEFAULT_IDS);
  const hero = rowOf(page, 'Accueil');
  await expect(hero.getByRole('button', { name: 'Masquer' })).toHaveAttribute('title', 'Masquer');
  await expect(hero.getByRole('button', { name: 'Masquer' })).toHaveAccessibleDescription(
    'Accueil',
  );
  await expect(hero.getByRole('link', { name: 'Modifier la section « Accueil »' })).toHaveAttribute(
    'href',
    '/admin/hero',
  );
  await expect(
    hero.getByRole('button', { name: 'Déplacer la section « Accueil »' }),
  ).toHaveAttribute('aria-roledescription', 'section déplaçable');
});

test('reorders by mouse, saves, and the home page follows', async ({ page, request }) => {
  // Drag 'Horaires' (4th) onto 'Services' (2nd). A window tall enough that neither is near its
  // edges: there, with « À compléter » below the list, dnd-kit would scroll the page mid-drag.
  await page.setViewportSize({ width: 1280, height: 1200 });
  const handle = rowOf(page, 'Horaires').getByRole('button', { name: /^Déplacer/ });
  const from = (await handle.boundingBox())!;
  const to = (await rowOf(page, 'Services').boundingBox())!;
  const x = from.x + from.width / 2;
  await page.mouse.move(x, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(x, from.y + from.height / 2 - 10, { steps: 3 });
  await page.mouse.move(x, to.y + to.height / 2, { steps: 15 });
  await page.mouse.up();

  const expected = moved(DEFAULT_IDS, 3, 1);
  await expect.poll(() => adminIds(page)).toEqual(expected);
  await saved(page);
  expect(sortedIds(await storedSections(request, headers))).toEqual(expected);
  const stored = (await storedSections(request, headers))!;
  expect([...stored].sort((a, b) => a.order - b.order).map((s) => s.order)).toEqual(
    expected.map((_, index) => index),
  );

  // A drag that ends where it started changes nothing. The row is first brought to the middle
  // of the window: near an edge, holding it there scrolls the page under it, as it should.
  const calculator = rowOf(page, 'Paiement en plusieurs fois').getByRole('button', {
    name: /^Déplacer/,
  });
  await calculator.evaluate((node) => node.scrollIntoView({ block: 'center' }));
  const box = (await calculator.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2 + 8, { steps: 4 });
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 4 });
  await page.mouse.up();
  expect(await adminIds(page)).toEqual(expected);

  expect(await publicAnchors(page)).toEqual(expected.map(anchorOf));
});

test('reorders by keyboard with French announcements, and the home page follows', async ({
  page,
  request,
}) => {
  const handle = rowOf(page, 'Services').getByRole('button', { name: /^Déplacer/ });
  await handle.focus();
  await page.keyboard.press('Space');
  const live = page.locator('[id^="DndLiveRegion"]');
  await expect(live).toHaveText('Section « Services » saisie, position 2 sur 10.');
  await page.keyboard.press('ArrowDown');
  await expect(live).toContainText('déplacée en position 3 sur 10');
  await page.keyboard.press('ArrowDown');
  await expect(live).toContainText('déplacée en position 4 sur 10');
  await page.keyboard.press('Space');
  await expect(live).toHaveText('Section « Services » déposée en position 4 sur 10.');

  const expected = moved(DEFAULT_IDS, 1, 3);
  await expect.poll(() => adminIds(page)).toEqual(expected);
  await saved(page);
  // Focus stays on the handle, to move it again.
  await expect(handle).toBeFocused();

  // Up to the very top, then Escape cancels a move.
  await page.keyboard.press('Space');
  await expect(live).toHaveText('Section « Services » saisie, position 4 sur 10.');
  for (const position of [3, 2, 1]) {
    await page.keyboard.press('ArrowUp');
    await expect(live).toContainText(`déplacée en position ${position} sur 10`);
  }
  await page.keyboard.press('Space');
  const top = moved(expected, 3, 0);
  await expect.poll(() => adminIds(page)).toEqual(top);
  await page.keyboard.press('Space');
  await expect(live).toHaveText('Section « Services » saisie, position 1 sur 10.');
  await page.keyboard.press('ArrowDown');
  await expect(live).toContainText('déplacée en position 2 sur 10');
  await page.keyboard.press('Escape');
  await expect(live).toContainText('Déplacement annulé.');
  await saved(page);
  expect(await adminIds(page)).toEqual(top);

  await expect.poll(async () => sortedIds(await storedSections(request, headers))).toEqual(top);
  expect(await publicAnchors(page)).toEqual(top.map(anchorOf));
});

test('hides a section (greyed out here, gone from the home page) and shows it again', async ({
  page,
  request,
}) => {
  const row = rowOf(page, 'Services');
  await row.getByRole('button', { name: 'Masquer' }).click();
  const show = row.getByRole('button', { name: 'Afficher' });
  await expect(show).toHaveAttribute('title', 'Afficher');
  await expect(row).toHaveClass(/sections-row--hidden/);
  await expect(row).toContainText('Masquée');
  await expect(row).toHaveCSS('background-color', 'rgb(236, 239, 242)');
  await saved(page);
  const stored = await storedSections(request, headers);
  expect(stored?.find((s) => s.id === 'services')?.visible).toBe(false);

  const anchors = await publicAnchors(page);
  expect(anchors).not.toContain('services');
  expect(anchors).toEqual(DEFAULT_IDS.filter((id) => id !== 'services').map(anchorOf));
  await expect(page.locator('#services')).toHaveCount(0);

  await page.goto('/admin');
  await rowOf(page, 'Services').getByRole('button', { name: 'Afficher' }).click();
  await expect(rowOf(page, 'Services')).not.toHaveClass(/sections-row--hidden/);
  await saved(page);
  expect(await publicAnchors(page)).toContain('services');
});

/** Writes `plain` then `bold` in a block's text with the toolbar, as the owner would. */
async function typeWithBold(form: Locator, plain: string, bold: string) {
  const text = form.getByRole('textbox', { name: 'Texte (facultatif)' });
  await text.click();
  await text.press('ControlOrMeta+a');
  await text.pressSequentially(plain);
  await form.getByRole('button', { name: 'Gras' }).click();
  await expect(form.getByRole('button', { name: 'Gras' })).toHaveAttribute('aria-pressed', 'true');
  await text.pressSequentially(bold);
}

test('adds a section, which shows at the end of the home page', async ({ page, request }) => {
  const form = page.getByRole('region', { name: 'Ajouter une section' });
  // Without a title: the French message, next to the field, and nothing added.
  await form.getByRole('button', { name: 'Ajouter la section' }).click();
  const title = form.getByRole('textbox', { name: 'Titre' });
  await expect(title).toBeFocused();
  await expect(title).toHaveAccessibleDescription(/Ce champ est obligatoire\./);
  await expect(listOf(page)).toHaveCount(10);

  const name = `Promotions ${randomBytes(3).toString('hex')}`;
  await title.fill(name);
  await form.getByLabel('Type').selectOption({ label: 'Image' });
  await typeWithBold(form, 'Vidange offerte ', 'ce mois-ci');
  await form.getByLabel("Adresse de l'image (facultatif)").fill('/images/atelier.jpg');
  // An image block's picture is described before the block is added.
  const alt = form.getByLabel('Description de la photo (lue aux personnes aveugles)');
  await form.getByRole('button', { name: 'Ajouter la section' }).click();
  await expect(alt).toBeFocused();
  await expect(alt).toHaveAccessibleDescription(/Décrivez l’image/);
  await alt.fill('La vitrine du garage');
  const before = Date.now();
  await form.getByRole('button', { name: 'Ajouter la section' }).click();
  await expect(listOf(page)).toHaveCount(11);
  await expect(listOf(page).last()).toContainText(name);
  await expect(title).toHaveValue('');
  await saved(page);

  const stored = (await storedSections(request, headers))!;
  const added = stored.find((section) => section.title === name)!;
  expect(added).toMatchObject({
    order: 10,
    visible: true,
    type: 'image',
    // The space typed before « Gras » may go inside the bold text: the page shows the same.
    content: expect.stringMatching(/^<p>Vidange offerte ?<strong> ?ce mois-ci<\/strong><\/p>$/),
    imageUrl: '/images/atelier.jpg',
    imageAlt: 'La vitrine du garage',
  });
  expect(added.id).toMatch(/^section-\d+$/);
  const stamp = Number(added.id.slice('section-'.length));
  expect(stamp).toBeGreaterThanOrEqual(before - 1000);
  expect(stamp).toBeLessThanOrEqual(Date.now() + 1000);

  expect(await publicAnchors(page)).toEqual([...DEFAULT_IDS.map(anchorOf), added.id]);
  const section = page.locator(`main > section#${added.id}`);
  await expect(section.getByRole('heading', { level: 2 })).toHaveText(name);
  await expect(section).toContainText('Vidange offerte ce mois-ci');
  await expect(section.getByRole('img', { name: 'La vitrine du garage' })).toHaveAttribute(
    'src',
    '/images/atelier.jpg',
  );
  await expect(section.locator('img')).toHaveAttribute('src', '/images/atelier.jpg');
});

test('deletes a section after a confirmation', async ({ page, request }) => {
  const row = rowOf(page, 'Financement');
  await row.getByRole('button', { name: 'Supprimer la section « Financement »' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Supprimer la section ?' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('La section « Financement » sera retirée');
  await expect(dialog.getByRole('button', { name: 'Annuler' })).toBeFocused();

  // Cancelled (button, then Escape): nothing changes.
  await dialog.getByRole('button', { name: 'Annuler' }).click();
  await expect(dialog).toHaveCount(0);
  await row.getByRole('button', { name: /^Supprimer/ }).click();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(listOf(page)).toHaveCount(10);

  await row.getByRole('button', { name: /^Supprimer/ }).click();
  await dialog.getByRole('button', { name: 'Supprimer', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect(listOf(page)).toHaveCount(9);
  await expect(rowOf(page, 'Financement')).toHaveCount(0);
  await saved(page);
  await expect(page.getByRole('heading', { name: "Sections de la page d'accueil" })).toBeFocused();

  const expected = DEFAULT_IDS.filter((id) => id !== 'financing');
  expect(sortedIds(await storedSections(request, headers))).toEqual(expected);
  expect(await publicAnchors(page)).toEqual(expected.map(anchorOf));
});

test('a deleted section can be added back, and shows under its anchor again', async ({
  page,
  request,
}) => {
  const form = page.getByRole('region', { name: 'Ajouter une section' });
  const type = form.getByLabel('Type');
  // The section types of the default page are not offered again.
  await expect(type.getByRole('option')).toHaveText(offered(DEFAULT_CONTENT.sections));
  expect(offered(DEFAULT_CONTENT.sections)).not.toContain('Financement');

  const withoutFinancing = DEFAULT_CONTENT.sections.filter((section) => section.id !== 'financing');
  await storeSections(request, headers, withoutFinancing);
  await page.reload();
  await expect(listOf(page)).toHaveCount(9);
  await expect(type.getByRole('option')).toHaveText(offered(withoutFinancing));
  expect(offered(withoutFinancing)).toContain('Financement');
  await type.selectOption({ label: 'Financement' });
  await expect(form.getByRole('textbox', { name: 'Titre' })).toHaveValue('Financement');
  // Its content has its own editor: no HTML nor image here.
  await expect(form.getByLabel('Texte (facultatif)')).toHaveCount(0);
  await form.getByRole('button', { name: 'Ajouter la section' }).click();
  await expect(listOf(page)).toHaveCount(10);
  await expect(listOf(page).last()).toContainText('Financement');
  await expect(
    listOf(page).last().getByRole('link', { name: 'Modifier la section « Financement »' }),
  ).toHaveAttribute('href', '/admin/financing');
  await expect(type).toHaveValue('text');
  await expect(type.getByRole('option')).toHaveText(offered(DEFAULT_CONTENT.sections));
  await saved(page);

  const added = (await storedSections(request, headers))!.at(-1)!;
  expect(added).toMatchObject({ title: 'Financement', type: 'financing', visible: true });
  expect((await publicAnchors(page)).at(-1)).toBe(anchorOf('financing'));
  await expect(page.locator(`#${anchorOf('financing')}`)).toContainText(
    DEFAULT_CONTENT.financing.title,
  );
});

test("a text block's title, content and image can be changed", async ({ page, request }) => {
  const block: Section = {
    id: 'section-1763800000000',
    title: 'Promotions',
    order: 10,
    visible: true,
    type: 'text',
    content: '<p>Vidange offerte</p>',
  };
  await storeSections(request, headers, [...DEFAULT_CONTENT.sections, block]);
  await page.reload();
  const row = rowOf(page, 'Promotions');
  const edit = row.getByRole('button', { name: 'Modifier la section « Promotions »' });
  await expect(edit).toHaveAttribute('aria-expanded', 'false');

  // Escape closes the form and gives the focus back.
  await edit.click();
  await expect(edit).toHaveAttribute('aria-expanded', 'true');
  const title = row.getByRole('textbox', { name: 'Titre' });
  await expect(title).toBeFocused();
  await expect(row.getByRole('textbox', { name: 'Texte (facultatif)' })).toHaveText(
    'Vidange offerte',
  );
  await page.keyboard.press('Escape');
  await expect(title).toHaveCount(0);
  await expect(edit).toBeFocused();

  // A blank title is refused next to the field.
  await page.keyboard.press('Enter');
  await title.fill(' ');
  await row.getByRole('button', { name: 'Enregistrer la section' }).click();
  await expect(title).toHaveAccessibleDescription(/Ce champ est obligatoire\./);

  await title.fill('Offres du mois');
  await typeWithBold(row, 'Pneus ', '-10 %');
  await row.getByLabel("Adresse de l'image (facultatif)").fill('/images/atelier.jpg');
  await row.getByRole('button', { name: 'Enregistrer la section' }).click();
  const edited = rowOf(page, 'Offres du mois');
  await expect(edited.getByRole('textbox', { name: 'Titre' })).toHaveCount(0);
  await expect(
    edited.getByRole('button', { name: 'Modifier la section « Offres du mois »' }),
  ).toBeFocused();
  await saved(page);

  const stored = (await storedSections(request, headers))!.find((s) => s.id === block.id);
  expect(stored).toEqual({
    ...block,
    title: 'Offres du mois',
    content: expect.stringMatching(/^<p>Pneus ?<strong> ?-10 %<\/strong><\/p>$/),
    imageUrl: '/images/atelier.jpg',
  });
  await page.goto('/');
  const section = page.locator(`main > section#${block.id}`);
  await expect(section.getByRole('heading', { level: 2 })).toHaveText('Offres du mois');
  await expect(section).toContainText('Pneus -10 %');
  await expect(
    page
      .getByRole('navigation', { name: 'Menu principal' })
      .getByRole('link', { name: 'Offres du mois' }),
  ).toHaveCount(1);
});

test('a save the server refuses shows its reason and puts the list back', async ({
  page,
  request,
}) => {
  // On its way, the first section loses its title: the real server refuses the list.
  await page.route('**/rest/v1/site_content*', async (route) => {
    const call = route.request();
    // A save is an update of the version it was based on (PATCH), or a first insert (POST).
    if (!['PATCH', 'POST'].includes(call.method())) return route.continue();
    const body = call.postDataJSON() as { content: Record<string, unknown>[] };
    delete body.content[0]!.title;
    return route.continue({ postData: JSON.stringify(body) });
  });
  const row = rowOf(page, 'Contact');
  await row.getByRole('button', { name: 'Masquer' }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText("L'enregistrement a échoué : Contenu « sections » refusé");
  await expect(alert).toContainText('« Titre » est obligatoire');
  await expect(alert).toContainText('La liste a été remise telle qu’elle est enregistrée.');
  // The list is what the server holds: Contact still shown.
  await expect(row.getByRole('button', { name: 'Masquer' })).toBeVisible();
  await expect(row).not.toHaveClass(/sections-row--hidden/);
  expect(await storedSections(request, headers)).toEqual(DEFAULT_CONTENT.sections);

  // Once the server accepts again, the next change is saved.
  await page.unroute('**/rest/v1/site_content*');
  await row.getByRole('button', { name: 'Masquer' }).click();
  await saved(page);
  await expect(page.getByRole('alert')).toHaveCount(0);
  const stored = await storedSections(request, headers);
  expect(stored?.find((s) => s.id === 'contact')?.visible).toBe(false);
});

test('axe finds no violation on the panel, nor with the confirmation open', async ({ browser }) => {
  // Several full audits of a long panel: a loaded machine needs more than the default.
  test.setTimeout(90_000);
  const page = await session.newPage(browser);
  const check = async () => {
    expect(await axeViolations(page)).toEqual([]);
  };
  await page.goto('/admin');
  await expect(listOf(page)).toHaveCount(10);
  await check();
  // A hidden section (greyed) and an error next to a field.
  await rowOf(page, 'Services').getByRole('button', { name: 'Masquer' }).click();
  await saved(page);
  await page.getByRole('button', { name: 'Ajouter la section' }).click();
  await expect(page.getByText('Ce champ est obligatoire.')).toBeVisible();
  await check();
  // A text block's form, open under its row.
  await page.getByRole('region', { name: 'Ajouter une section' }).getByLabel('Titre').fill('Bloc');
  await page.getByRole('button', { name: 'Ajouter la section' }).click();
  await saved(page);
  await rowOf(page, 'Bloc')
    .getByRole('button', { name: /^Modifier/ })
    .click();
  await expect(rowOf(page, 'Bloc').getByRole('textbox', { name: 'Titre' })).toBeFocused();
  await check();
  await rowOf(page, 'Blog')
    .getByRole('button', { name: /^Supprimer/ })
    .click();
  await expect(page.getByRole('alertdialog')).toBeVisible();
  await check();
  await page.context().close();
});

test('two tabs on the list: each sees the other, and is offered the other’s save', async ({
  page: b,
  browser,
}) => {
  // The list is one content, edited live like a section (docs/decisions/052-live-back-office.md).
  const notice = (page: Page) => page.locator('.editing-notice[role="status"]');
  const listHeading = (page: Page) =>
    page.getByRole('heading', { name: "Sections de la page d'accueil" });
  const email = readServerInfo().admin.email;
  const a = await session.newPage(browser);
  try {
    await a.goto('/admin');
    await expect(listOf(a)).toHaveCount(DEFAULT_IDS.length);
    for (const page of [a, b]) {
      await expect(notice(page)).toContainText("Quelqu'un d'autre modifie cette page");
      await expect(notice(page)).toContainText(new RegExp(`${email}, depuis \\d{1,2} h \\d\\d`));
    }

    // A hides a section: B is offered the list A saved, and reloads it.
    await rowOf(a, 'Services').getByRole('button', { name: 'Masquer' }).click();
    await saved(a);
    await expect(notice(b)).toContainText(
      new RegExp(`${email} a enregistré cette page à \\d{1,2} h \\d\\d`),
    );
    await expect(rowOf(b, 'Services')).not.toHaveClass(/sections-row--hidden/);
    await notice(b).getByRole('button', { name: 'Recharger la version enregistrée' }).click();
    await expect(rowOf(b, 'Services')).toHaveClass(/sections-row--hidden/);
    await expect(notice(b)).not.toContainText('a enregistré cette page');
    // The box went with the button pressed: the focus goes to the list.
    await expect(listHeading(b)).toBeFocused();

    // A shows it again, B ignores it: B's list stays as it was.
    await rowOf(a, 'Services').getByRole('button', { name: 'Afficher' }).click();
    await expect(notice(b)).toContainText('a enregistré cette page');
    await notice(b).getByRole('button', { name: 'Ignorer' }).click();
    await expect(notice(b)).not.toContainText('a enregistré cette page');
    await expect(listHeading(b)).toBeFocused();
    await expect(rowOf(b, 'Services')).toHaveClass(/sections-row--hidden/);

    // A leaves the list: B is alone again.
    await a.goto('/admin/hero');
    await expect(notice(b)).not.toContainText("Quelqu'un d'autre modifie cette page");
  } finally {
    await a.context().close();
  }
});

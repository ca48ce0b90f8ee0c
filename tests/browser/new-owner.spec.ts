import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { openSetupLink, setupLinkUrl } from '../../server/auth/setup.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { axeViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';

// A new owner on a phone, from the link the server printed on an empty data directory to a
// complete site: the account, then « Mon garage » step by step with a real-looking garage, then
// the home page, the legal notice and an empty checklist. The test counts the screens shown and the
// fields filled and prints them: the README's « Première installation » quotes a run.

test.describe.configure({ mode: 'serial' });

const SAVED = 'Les modifications ont été enregistrées avec succès.';
const PHOTO = path.resolve('tests/fixtures/atelier.jpg');
const LOGO = path.resolve('tests/fixtures/logo.png');
const GARAGE = {
  name: 'Garage des Tilleuls',
  legalForm: 'SARL',
  shareCapital: '15 000 €',
  registration: 'RCS Lyon 812 345 678',
  // 812 345 678 00019: a SIRET whose Luhn key is right.
  siret: '812 345 678 00019',
  vatNumber: 'FR 40 812345678',
  director: 'Sophie Renard',
  host: { name: 'OVH SAS', address: '2 rue Kellermann, 59100 Roubaix', phone: '09 72 10 10 07' },
  street: '14 avenue des Tilleuls',
  postalCode: '69008',
  city: 'Lyon',
  phone: '04 78 61 22 90',
  email: 'atelier@garage-des-tilleuls.fr',
  latitude: '45.7372',
  longitude: '4.8698',
  primary: '#1d4d2b',
  accent: '#ffd166',
};

let site: TestServer;
let dataDir: string;

test.beforeAll(async () => {
  // A fresh embedded database is migrated first: longer than a test's usual 30 seconds.
  test.setTimeout(180_000);
  dataDir = await mkdtemp(path.join(tmpdir(), 'garage-new-owner-'));
  site = await startTestServer({ distDir: path.resolve('dist'), dataDir });
});
test.afterAll(async () => {
  await site?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

test('a new owner sets the garage up from the link at 390 px', async ({ browser }) => {
  test.setTimeout(240_000);
  const link = setupLinkUrl(site.url, (await openSetupLink(site.db))!);
  const context = await browser.newContext({
    baseURL: site.url,
    locale: 'fr-FR',
    viewport: { width: 390, height: 844 },
  });
  const page = await context.newPage();
  const screens: string[] = [];
  let filled = 0;

  /** A screen the owner sees: counted once, axe clean, nothing wider than the phone. */
  async function onScreen(name: string) {
    if (!screens.includes(name)) screens.push(name);
    expect(await axeViolations(page), name).toEqual([]);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, name).toBe(0);
  }
  async function fill(field: Locator, value: string) {
    await field.fill(value);
    filled += 1;
  }
  const label = (text: string) => new RegExp(`^${text.replace(/[()]/g, '\\$&')}`);
  async function save(scope: Page | Locator) {
    await scope.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await expect(scope.getByRole('status').filter({ hasText: SAVED })).toBeVisible();
  }
  async function step(number: number, title: string) {
    await expect(page.getByRole('heading', { level: 2, name: /^Étape / })).toHaveText(
      `Étape ${number} sur 8 : ${title}`,
    );
    await onScreen(`étape ${number}`);
  }
  const next = () => page.getByRole('button', { name: 'Étape suivante' }).click();

  // The setup link: the account.
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Créer le compte administrateur',
  );
  await onScreen('installation');
  await fill(page.getByLabel('Adresse e-mail'), 'sophie@garage-des-tilleuls.fr');
  await fill(page.getByLabel('Mot de passe', { exact: true }), 'pont élévateur bielle 1994 !');
  await fill(page.getByLabel('Confirmez le mot de passe'), 'pont élévateur bielle 1994 !');
  await page.getByRole('button', { name: 'Créer le compte' }).click();

  // « Mon compte » offers two-factor sign-in, and next the garage: the owner goes on.
  await expect(page).toHaveURL(/\/admin\/compte\?bienvenue=1$/);
  await expect(
    page.getByRole('button', { name: 'Activer la double authentification' }),
  ).toBeVisible();
  await onScreen('mon compte');
  await page.getByRole('link', { name: 'Configurer mon garage' }).click();

  // 1. The company.
  await expect(page).toHaveURL(/\/admin\/mon-garage$/);
  await step(1, 'Votre entreprise');
  await fill(page.getByLabel(label('Nom du garage')), GARAGE.name);
  await fill(page.getByLabel(label('Forme juridique')), GARAGE.legalForm);
  await fill(page.getByLabel(label('Capital social')), GARAGE.shareCapital);
  await fill(page.getByLabel(label('Immatriculation')), GARAGE.registration);
  await fill(page.getByLabel(label('SIRET')), GARAGE.siret);
  await fill(page.getByLabel(label('Numéro de TVA')), GARAGE.vatNumber);
  await fill(page.getByLabel(label('Directeur de la publication')), GARAGE.director);
  await fill(page.getByLabel(label("Nom de l'hébergeur")), GARAGE.host.name);
  await fill(page.getByLabel(label("Adresse de l'hébergeur")), GARAGE.host.address);
  await fill(page.getByLabel(label("Téléphone de l'hébergeur")), GARAGE.host.phone);
  await save(page);
  // The home page beside the form, behind a button on a phone, shows the saved name.
  await page.getByRole('button', { name: "Voir ma page d'accueil" }).click();
  const home = page.frameLocator('iframe[title^="Votre page d\'accueil"]');
  await expect(home.getByRole('banner')).toContainText(GARAGE.name);
  await onScreen('étape 1');
  await next();

  // 2. Address and contact, with the map.
  await step(2, 'Adresse et contact');
  await fill(page.getByLabel(label('Rue')), GARAGE.street);
  await fill(page.getByLabel(label('Code postal')), GARAGE.postalCode);
  await fill(page.getByLabel(label('Ville')), GARAGE.city);
  await fill(page.getByLabel(label('Téléphone')), GARAGE.phone);
  await fill(page.getByLabel(label('E-mail')), GARAGE.email);
  await fill(page.getByLabel(label('Latitude')), GARAGE.latitude);
  await fill(page.getByLabel(label('Longitude')), GARAGE.longitude);
  await save(page);
  // With coordinates, the public map waits for a click to load.
  await expect(page.getByRole('button', { name: 'Afficher la carte' })).toBeVisible();
  await next();

  // 3. Hours: open on Saturday mornings too, and the summer holidays.
  await step(3, "Horaires d'ouverture");
  const saturday = page.getByRole('group', { name: 'Samedi' });
  await saturday.getByRole('button', { name: 'Ajouter un élément' }).click();
  await fill(saturday.getByLabel(label('Ouverture')), '08:30');
  await fill(saturday.getByLabel(label('Fermeture')), '12:00');
  const closures = page.getByRole('group', { name: 'Fermetures' });
  await closures.getByRole('button', { name: 'Ajouter un élément' }).click();
  await fill(closures.getByLabel(label('Du')), '2027-08-02');
  await fill(closures.getByLabel(label('Au')), '2027-08-20');
  await fill(closures.getByLabel(label('Motif')), "Congés d'été");
  await save(page);
  await next();

  // 4. Labour rates and how time is charged.
  await step(4, 'Vos tarifs');
  await fill(page.getByLabel(label('Taux T1')), '62 €/h');
  await fill(page.getByLabel(label('Taux T2')), '72 €/h');
  await fill(page.getByLabel(label('Taux T3')), '84 €/h');
  await page
    .getByLabel(label('Facturation du temps de travail'))
    .selectOption({ label: 'Selon le barème de temps du constructeur' });
  filled += 1;
  await save(page);
  await next();

  // 5. Services from the catalogue: four, one description rewritten.
  await step(5, 'Vos services');
  const services = page.getByRole('group', { name: 'Liste des services' });
  await services.getByRole('checkbox', { name: 'Diagnostic électronique' }).uncheck();
  await services.getByRole('checkbox', { name: 'Climatisation' }).uncheck();
  await services.getByRole('checkbox', { name: 'Distribution' }).check();
  await fill(
    services.getByLabel('Description : Freinage'),
    'plaquettes, disques et liquide de frein, contrôle gratuit',
  );
  filled += 3;
  await save(page);
  await next();

  // 6. Photos: one of the workshop, taken with the phone; the same at the top of the home page.
  await step(6, 'Photos');
  const workshop = page.getByRole('region', { name: "Photos de l'atelier" });
  await workshop.locator('input[type="file"][capture]').setInputFiles(PHOTO);
  await fill(
    workshop.getByLabel(/Ce que montre la photo 1/),
    'Une voiture rouge sur le pont élévateur bleu de l’atelier',
  );
  await save(workshop);
  const top = page.getByRole('region', { name: "Photo du haut de la page d'accueil" });
  await top.locator('input[type="file"]').setInputFiles(PHOTO);
  filled += 1;
  await expect(top.getByText('Photo « atelier.jpg » envoyée.')).toBeVisible();
  await save(top);
  await next();

  // 7. Logo and colours.
  await step(7, 'Logo et couleurs');
  const logo = page.getByRole('region', { name: 'Logo', exact: true });
  await logo.locator('input[type="file"]').setInputFiles(LOGO);
  filled += 1;
  await expect(logo.getByText('Photo « logo.png » envoyée.')).toBeVisible();
  await save(logo);
  const colours = page.getByRole('region', { name: 'Couleurs et police' });
  await fill(colours.getByLabel(label('Couleur principale')), GARAGE.primary);
  await fill(colours.getByLabel(label('Couleur des boutons')), GARAGE.accent);
  await save(colours);
  await next();

  // 8. The partners' pages.
  await step(8, 'Financement et véhicules');
  const partners = page.getByRole('region', { name: 'Vos partenaires', exact: true });
  await fill(
    partners.getByLabel(label('Simulateur du partenaire financier')),
    'https://simulateur.cofinauto.fr/garage-des-tilleuls',
  );
  await fill(partners.getByLabel(label('Organisme de financement')), 'Cofinauto');
  await fill(
    partners.getByLabel(label('Diaporama du partenaire véhicules')),
    'https://annonces.mon-partenaire-auto.fr/garage-des-tilleuls',
  );
  await save(partners);
  await next();

  // The end: nothing left to do.
  await expect(
    page.getByRole('heading', { level: 2, name: 'Votre site est configuré' }),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'À compléter' })).toContainText(
    'Tout est complet.',
  );
  await onScreen('fin');

  // What was counted, for the README.
  console.log(
    `Première installation : ${screens.length} écrans, ${filled} champs remplis (${screens.join(', ')})`,
  );
  expect(screens.length).toBeLessThanOrEqual(12);

  // The home page is the garage's.
  const visitor = await browser.newContext({ baseURL: site.url, locale: 'fr-FR' });
  const guest = await visitor.newPage();
  await guest.setViewportSize({ width: 390, height: 844 });
  await guest.goto('/');
  await expect(guest.getByRole('banner')).toContainText(GARAGE.name);
  await expect(guest.getByRole('link', { name: /04 78 61 22 90/ }).first()).toBeVisible();
  const list = guest.locator('#services .check-list');
  await expect(list.getByRole('listitem')).toHaveText([
    'Entretien et vidange : révision selon le carnet constructeur, filtres et niveaux',
    'Freinage : plaquettes, disques et liquide de frein, contrôle gratuit',
    'Pneumatiques : montage, équilibrage, géométrie et stockage saisonnier',
    'Distribution : courroie ou chaîne, galets et pompe à eau',
  ]);
  // The brand's colours: the titles in the main colour, the buttons in the other.
  await expect(guest.locator('main h2').first()).toHaveCSS('color', 'rgb(29, 77, 43)');
  await expect(guest.locator('.hero .button').first()).toHaveCSS(
    'background-color',
    'rgb(255, 209, 102)',
  );
  expect(await axeViolations(guest)).toEqual([]);

  // The legal notice states every item, none « en cours de complétion ».
  await guest.goto('/mentions-legales');
  const notice = guest.getByRole('main');
  for (const value of [GARAGE.siret, GARAGE.registration, GARAGE.director, GARAGE.host.name]) {
    await expect(notice).toContainText(value);
  }
  await expect(notice).not.toContainText('en cours de complétion');
  expect(await axeViolations(guest)).toEqual([]);
  await visitor.close();

  // The back-office home: an empty checklist, and the setup no longer offered first.
  await page.goto('/admin');
  await expect(page.getByRole('region', { name: 'À compléter' })).toContainText(
    'Tout est complet.',
  );
  await expect(page.getByText('Configurer mon garage')).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);
  await context.close();
});

import type { Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { ADMIN_ROUTES, type AdminRoute } from '../../src/admin/shell/admin-routes.ts';
import { useAdminSession } from './admin-session.ts';
import { expect, test } from './fixtures.ts';
import { layoutProblems, sidewaysScrollers } from './layout-problems.ts';

/**
 * Every back-office page, as the back-office declares its routes, at the widths of two phones and
 * a laptop: no page wider than the window, no text cut or to be scrolled sideways, and one
 * screenshot of each in test-results/screens/ (`admin-<page>-<width>.png`) for a person to look at.
 */

useAdminSession('admin-screens');

const WIDTHS = [360, 390, 1366];
const HEIGHT = 800;
const SCREENS_DIR = 'test-results/screens';

test.describe.configure({ timeout: 300_000 });

/** A request as long as a real one can be: a long address, need and message, without spaces. */
const LONG_REQUEST = {
  name: 'Marie-Christine de La Tour-Dupont',
  phone: '+33 6 12 34 56 78',
  email: 'marie-christine.delatourdupont.garage-essai@exemple-de-messagerie-longue.fr',
  vehicle_make: 'Mercedes-Benz',
  vehicle_model: 'Classe C Break 220 d',
  vehicle_year: 2019,
  plate: 'AB-123-CD',
  service:
    'Remplacement-du-kit-de-distribution-et-de-la-pompe-à-eau, puis vidange complète avec les filtres',
  preferred_dates: [{ date: '2026-12-01', moment: 'matin' }],
  message: `Bonjour, ${'le voyant moteur clignote depuis hier soir '.repeat(8)}https://exemple.fr/photos/tableau-de-bord-voyant-moteur-orange-clignotant.jpg`,
  consent: true,
  status: 'nouvelle',
};

function pathOf(route: AdminRoute, requestId: string): string {
  const path = route.path === '*' ? 'page-introuvable' : route.path.replace(':id', requestId);
  return path ? `/admin/${path}` : '/admin';
}

function nameOf(route: AdminRoute): string {
  if (route.kind === 'not-found') return 'admin-introuvable';
  if (route.kind === 'request') return 'admin-demande';
  return route.path ? `admin-${route.path.replace(/\W+/g, '-')}` : 'admin-accueil';
}

/** The page is drawn with its data: its title, nothing loading, the network quiet. */
async function settled(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.spinner')).toHaveCount(0);
  await page.evaluate(() => document.fonts.ready);
}

test('every admin page fits phones and a laptop', async ({ page, serviceDb }) => {
  const { data, error } = await serviceDb
    .from('requests')
    .insert(LONG_REQUEST)
    .select('id')
    .single();
  if (error) throw error;
  const requestId = (data as { id: string }).id;
  mkdirSync(SCREENS_DIR, { recursive: true });
  try {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    for (const route of ADMIN_ROUTES) {
      const path = pathOf(route, requestId);
      for (const width of WIDTHS) {
        await test.step(`${path} à ${width} px`, async () => {
          await page.setViewportSize({ width, height: HEIGHT });
          await page.goto(path);
          await settled(page);
          // Every page is checked, whatever an earlier one shows.
          expect
            .soft(
              [
                ...(await layoutProblems(page, { fieldValues: false })),
                ...(await sidewaysScrollers(page)),
              ],
              `${path} à ${width} px`,
            )
            .toEqual([]);
          await page.screenshot({
            path: `${SCREENS_DIR}/${nameOf(route)}-${width}.png`,
            fullPage: true,
          });
        });
      }
    }
  } finally {
    await serviceDb.from('requests').delete().eq('id', requestId);
  }
});

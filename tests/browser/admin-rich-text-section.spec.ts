import { randomBytes } from 'node:crypto';
import { DEFAULT_CONTENT } from '../../src/content/generated/defaults.ts';
import type { Section } from '../../src/content/generated/types.ts';
import { startEachTestWith, useAdminSession } from './admin-session.ts';
import { expect, test } from './fixtures.ts';

// A text block typed as plain text, one blank line between two paragraphs, keeps them on the home
// page (docs/decisions/068-toolbar-editor.md), on a phone and on a desktop screen.

const session = useAdminSession('admin-rich-text-section');
const sections = startEachTestWith<Section[]>(session.apiHeaders, {
  type: 'sections',
  start: DEFAULT_CONTENT.sections,
  path: '/admin',
});

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
]) {
  test(`a text block typed as two paragraphs shows two paragraphs at ${viewport.width} px`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize(viewport);
    const form = page.getByRole('region', { name: 'Ajouter une section' });
    const name = `Horaires d'été ${randomBytes(3).toString('hex')}`;
    await form.getByRole('textbox', { name: 'Titre' }).fill(name);
    await form.getByLabel('Type').selectOption({ label: 'Texte' });
    const text = form.getByRole('textbox', { name: 'Texte (facultatif)' });
    await text.click();
    await text.pressSequentially('Le garage reste ouvert tout l’été.');
    await text.press('Enter');
    await text.press('Enter');
    await text.pressSequentially('Fermeture du 10 au 17 août.');
    await form.getByRole('button', { name: 'Ajouter la section' }).click();
    await expect(page.getByText('✓ Enregistré')).toBeVisible();

    const added = (await sections.stored(request))!.find((section) => section.title === name)!;
    expect(added.content).toBe(
      '<p>Le garage reste ouvert tout l’été.</p><p>Fermeture du 10 au 17 août.</p>',
    );
    await page.goto('/');
    const shown = page.locator(`main > section#${added.id}`);
    await expect(shown.locator('p')).toHaveText([
      'Le garage reste ouvert tout l’été.',
      'Fermeture du 10 au 17 août.',
    ]);
  });
}

import type { Page } from '@playwright/test';

/**
 * What is wrong with the page's layout, one line per fault: the page wider than the window, text
 * cut by a box that hides its overflow, an input whose placeholder or value does not fit (a text
 * area's value: a line it cannot wrap), a
 * footer above the window's bottom on a short page. Without `fieldValues`, a value longer than its
 * single-line field is not a fault (an editor's field scrolls to show what the owner typed).
 */
export async function layoutProblems(
  page: Page,
  { fieldValues = true }: { fieldValues?: boolean } = {},
): Promise<string[]> {
  return page.evaluate((checkValues) => {
    const problems: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth) {
      problems.push(`la page déborde : ${root.scrollWidth} px pour ${root.clientWidth} px`);
    }
    const describe = (element: Element) =>
      `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${
        typeof element.className === 'string' && element.className
          ? `.${element.className.trim().split(/\s+/).join('.')}`
          : ''
      }`;
    const visible = (element: Element) => {
      const box = element.getBoundingClientRect();
      return box.width > 1 && box.height > 1 && getComputedStyle(element).visibility !== 'hidden';
    };
    for (const element of document.body.querySelectorAll('*')) {
      if (!(element instanceof HTMLElement) || !visible(element)) continue;
      const style = getComputedStyle(element);
      const hides = (value: string) => value === 'hidden' || value === 'clip';
      if (!hides(style.overflowX) && !hides(style.overflowY)) continue;
      if (!element.innerText.trim()) continue;
      const cutX = hides(style.overflowX) && element.scrollWidth > element.clientWidth + 1;
      const cutY = hides(style.overflowY) && element.scrollHeight > element.clientHeight + 1;
      if (cutX || cutY) problems.push(`texte coupé dans ${describe(element)}`);
    }
    const canvas = document.createElement('canvas').getContext('2d');
    for (const input of document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(
      'input:not([type=hidden]):not([type=checkbox]):not([type=radio]), textarea',
    )) {
      if (!canvas || !visible(input)) continue;
      // A text area wraps its lines: only text wider than the box, which it cannot wrap, is cut.
      if (input instanceof HTMLTextAreaElement && input.value) {
        if (input.scrollWidth > input.clientWidth + 1) {
          problems.push(`texte coupé dans ${describe(input)}`);
        }
        continue;
      }
      const text = (checkValues && input.value) || input.placeholder;
      const style = getComputedStyle(input);
      canvas.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room =
        input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      const width = canvas.measureText(text).width;
      if (width > room) {
        problems.push(`« ${text} » coupé dans ${describe(input)} (${width} px pour ${room} px)`);
      }
    }
    const footer = document.querySelector('footer');
    if (footer && footer.getBoundingClientRect().bottom + window.scrollY < window.innerHeight - 1) {
      problems.push('le pied de page ne descend pas jusqu’en bas de la fenêtre');
    }
    return problems;
  }, fieldValues);
}

/**
 * Boxes with text that scroll sideways (`overflow-x: auto` or `scroll` and wider content): on a
 * phone, content the reader has to swipe sideways to see, which the page's own width hides.
 */
export async function sidewaysScrollers(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.body.querySelectorAll<HTMLElement>('*')]
      .filter((element) => {
        const { overflowX } = getComputedStyle(element);
        return (
          (overflowX === 'auto' || overflowX === 'scroll') &&
          element.scrollWidth > element.clientWidth + 1 &&
          element.innerText.trim() !== ''
        );
      })
      .map(
        (element) =>
          `défilement horizontal dans ${element.tagName.toLowerCase()}.${[...element.classList].join('.')} : ${element.scrollWidth} px pour ${element.clientWidth} px`,
      ),
  );
}

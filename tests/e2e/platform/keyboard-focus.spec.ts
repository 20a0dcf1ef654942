import { expect, type Page, test } from '@playwright/test';
import { DEMO, loginForm, signIn } from '../support/helpers';

/**
 * A keyboard user sees where the focus is on every control, and after following a menu link starts on
 * the new page, not back in the menu.
 */

interface Ring {
  label: string;
  style: string;
  width: number;
  offset: number;
  /** Contrast of the ring with what is around it: the page, or the dark sidebar. */
  contrast: number;
}

/**
 * The focused element's outline as it first shows: a transition fading the ring in (outline-color is
 * one of `transition-colors`' properties) is read at its start, then let finish.
 */
const focusRing = (page: Page) =>
  page.evaluate((): Ring => {
    const element = document.activeElement as HTMLElement;
    const animations = element.getAnimations();
    for (const animation of animations) {
      animation.pause();
      animation.currentTime = 0;
    }
    const style = getComputedStyle(element);
    const canvas = document.createElement('canvas').getContext('2d') as CanvasRenderingContext2D;
    canvas.fillStyle = style.outlineColor;
    canvas.fillRect(0, 0, 1, 1);
    const [r, g, b, a] = canvas.getImageData(0, 0, 1, 1).data as unknown as number[];
    for (const animation of animations) animation.finish();
    const luminance = (rgb: number[]) => {
      const [lr, lg, lb] = rgb.map((c) => {
        const s = c / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      }) as [number, number, number];
      return 0.2126 * lr + 0.7152 * lg + 0.0722 * lb;
    };
    // The sidebar is slate-900; everything else sits on white or gray-50.
    const around = element.closest('aside') ? [15, 23, 42] : [255, 255, 255];
    const [lighter, darker] = [luminance([r ?? 0, g ?? 0, b ?? 0]), luminance(around)].sort((x, y) => y - x);
    return {
      label: `${element.tagName} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)}"`,
      style: style.outlineStyle,
      width: Number.parseFloat(style.outlineWidth),
      offset: Number.parseFloat(style.outlineOffset),
      // A see-through ring counts as none.
      contrast: a === 255 ? ((lighter ?? 0) + 0.05) / ((darker ?? 0) + 0.05) : 1,
    };
  });

/** Tabs `stops` times from where the focus is, checking every control reached shows a clear ring. */
async function expectRingsWhileTabbing(page: Page, stops: number) {
  const seen: string[] = [];
  for (let i = 0; i < stops; i++) {
    await page.keyboard.press('Tab');
    const ring = await focusRing(page);
    seen.push(ring.label);
    expect(ring.style, ring.label).not.toBe('none');
    expect(ring.width, ring.label).toBeGreaterThanOrEqual(2);
    // WCAG 1.4.11: a focus indicator at 3:1 at least against its surroundings.
    expect(ring.contrast, ring.label).toBeGreaterThanOrEqual(3);
  }
  return seen;
}

test.describe('foco del teclado', () => {
  test('cada control muestra un anillo de foco visible, también los botones azules', async ({ page }) => {
    await signIn(page, DEMO.admin, '/sales');
    await expect(page.getByRole('heading', { name: 'Ventas', level: 1 })).toBeVisible();
    // The primary button, blue on a light page: its ring sits outside it, in blue, from the start.
    const create = page.getByRole('link', { name: 'Nueva Venta' });
    await create.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    await expect(create).toBeFocused();
    const primary = await focusRing(page);
    expect(primary.offset).toBeGreaterThan(0);
    expect(primary.contrast).toBeGreaterThanOrEqual(3);

    // From the top of the page: skip link, menu links, search, export, primary, filters, search
    // box, select, the view toggle and the first sales.
    await page.locator('body').focus();
    const seen = await expectRingsWhileTabbing(page, 30);
    expect(seen.join(' | ')).toContain('SELECT');

    // A form: the ghost "Volver" link and the inputs.
    await page.goto('/clients/new');
    await expect(page.getByRole('heading', { name: 'Nuevo Cliente' })).toBeVisible();
    await page.getByRole('link', { name: 'Volver' }).focus();
    await page.keyboard.press('Shift+Tab');
    expect((await expectRingsWhileTabbing(page, 6)).join(' | ')).toContain('INPUT');

    // A danger button, in the dialog that asks before leaving a sale being written.
    await page.goto('/sales/new');
    await page.getByLabel('Nombre del pasajero').fill('Sin Guardar');
    await page
      .getByRole('navigation', { name: 'Menú principal' })
      .getByRole('link', { name: 'Ventas' })
      .click();
    const leave = page.getByRole('button', { name: 'Salir sin guardar' });
    await expect(leave).toBeVisible();
    await leave.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    await expect(leave).toBeFocused();
    const danger = await focusRing(page);
    expect(danger.offset).toBeGreaterThan(0);
    expect(danger.contrast).toBeGreaterThanOrEqual(3);
  });

  test('tras seguir un enlace del menú el foco pasa a la página: Nueva Venta a dos Tab', async ({ page }) => {
    await page.goto('/login');
    const form = loginForm(page);
    await form.email.focus();
    await page.keyboard.type(DEMO.admin.email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(DEMO.admin.password);
    await page.keyboard.press('Enter');
    const welcome = page.getByRole('heading', { name: `Bienvenido, ${DEMO.admin.username}` });
    await expect(welcome).toBeVisible();
    // The first screen keeps the browser's start: nothing is focused for the person.
    await expect(welcome).not.toBeFocused();

    const menuLink = page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', {
      name: 'Ventas',
    });
    for (let i = 0; i < 20 && !(await menuLink.evaluate((a) => a === document.activeElement)); i++)
      await page.keyboard.press('Tab');
    await expect(menuLink).toBeFocused();
    await page.keyboard.press('Enter');

    const heading = page.getByRole('heading', { name: 'Ventas', level: 1 });
    await expect(heading).toBeFocused();
    await page.keyboard.press('Tab'); // Exportar
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Nueva Venta' })).toBeFocused();

    // Into the new sale, and back (the browser's Back): each page starts at its heading.
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Nuevo Registro de Venta' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('main').locator(':focus')).toHaveCount(1);
    await page.goBack();
    await expect(heading).toBeFocused();
  });
});

// Issue 18: diagrams drawn at build time — in the HTML, named, following the
// colour mode without a redraw, readable at 390 px, and no diagram code in JS.
import {readFileSync, readdirSync} from 'node:fs';
import {join} from 'node:path';
import {expect, test, type Locator} from '@playwright/test';
import {contrastRatio, openHydrated, paintedLuminance} from './helpers';

const POST = '/blog/2025/02/19/mcp-spec-2024-11-05';
const CAPTION = 'MCP 连接的生命周期（2024-11-05）';
const toggleSelector = 'button[class*="toggleButton"]';

/** WCAG contrast of a drawing's first label against the page background. */
async function labelContrast(figure: Locator): Promise<number> {
  const {text, background} = await paintedLuminance(figure.locator('svg text').first(), 'fill');
  return contrastRatio(text, background);
}

test.describe('without JavaScript', () => {
  test.use({javaScriptEnabled: false});

  test('a diagram is an SVG in the page, named by its caption', async ({page}) => {
    await page.goto(POST);
    const figure = page.locator('figure.diagram').first();
    await expect(figure.locator('figcaption')).toHaveText(CAPTION);
    const drawing = figure.getByRole('img', {name: CAPTION});
    await expect(drawing).toBeVisible();
    await expect(drawing.locator('text', {hasText: 'notifications/initialized'})).toHaveCount(1);
  });
});

test('the colours follow the colour mode without redrawing, at 4.5:1 or more', async ({page}) => {
  await openHydrated(page, POST);
  const figure = page.locator('figure.diagram').first();
  const label = figure.locator('svg text').first();
  await label.evaluate((node) => node.setAttribute('data-seen', 'before-toggle'));
  const light = await label.evaluate((node) => getComputedStyle(node).fill);
  expect(await labelContrast(figure)).toBeGreaterThanOrEqual(4.5);

  await page.locator(toggleSelector).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  // The very same element, now in the dark palette.
  await expect(label).toHaveAttribute('data-seen', 'before-toggle');
  expect(await label.evaluate((node) => getComputedStyle(node).fill)).not.toBe(light);
  expect(await labelContrast(figure)).toBeGreaterThanOrEqual(4.5);
});

test('at 390 px a diagram fits or scrolls in a named, focusable box', async ({page}) => {
  await page.setViewportSize({width: 390, height: 844});
  // Three drawings, 300 to 708 px wide: one fits a phone, two do not.
  await openHydrated(page, '/blog/2025/06/26/mcp-spec-versions-compared');
  const figures = await page.locator('figure.diagram').all();
  expect(figures.length).toBe(3);
  let scrolling = 0;
  for (const figure of figures) {
    const box = figure.locator('> div').first();
    if (await box.evaluate((el) => el.scrollWidth > el.clientWidth + 1)) {
      scrolling += 1;
      await expect(box).toHaveAttribute('tabindex', '0');
      await expect(box).toHaveAttribute('role', 'region');
      await expect(box).toHaveAccessibleName(
        (await figure.locator('figcaption').textContent()) ?? 'a caption',
      );
      await box.focus();
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => box.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    }
    // Labels keep their size: the drawing is not shrunk to the screen.
    const height = await figure
      .locator('svg text')
      .first()
      .evaluate((text) => text.getBoundingClientRect().height);
    expect(height).toBeGreaterThanOrEqual(10);
  }
  expect(scrolling).toBe(2);
});

test('no page’s JavaScript carries a diagram renderer', () => {
  const dir = join('build', 'assets', 'js');
  const files = readdirSync(dir).filter((name) => name.endsWith('.js'));
  expect(files.length).toBeGreaterThan(10);
  for (const name of files) {
    const js = readFileSync(join(dir, name), 'utf8');
    for (const marker of [
      'org.eclipse.elk',
      'renderMermaidSVG',
      'beautiful-mermaid',
      'sequenceDiagram',
    ]) {
      expect(js.includes(marker), `${name} contains ${marker}`).toBe(false);
    }
  }
});

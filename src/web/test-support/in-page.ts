/**
 * Steps of the browser tests that run inside the page. This Node program has no DOM library, so the
 * few browser globals they touch are declared here, loosely.
 */
import type { Page } from 'playwright-core';

interface El {
  dataset: Record<string, string | undefined>;
  tagName: string;
  className: string;
  scrollIntoView(): void;
}
interface Canvas {
  width: number;
  height: number;
  getContext(kind: '2d'): {
    getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray };
  };
}
declare const document: {
  querySelector<T = El>(selector: string): T | null;
  querySelectorAll<T = El>(selector: string): ArrayLike<T> & Iterable<T>;
  activeElement: El | null;
  documentElement: El;
};
declare const sessionStorage: { getItem(key: string): string | null };
declare const localStorage: { length: number };
declare const DataTransfer: new () => { items: { add(file: unknown): void } };
declare const File: new (parts: string[], name: string) => unknown;
declare function requestAnimationFrame(callback: (t: number) => void): void;
declare function getComputedStyle(el: El): { outlineStyle: string; outlineWidth: string };

/** Drops a file on an element, as a drag and drop from the desktop does. */
export async function dropFile(page: Page, selector: string, name: string, text: string): Promise<void> {
  const dataTransfer = await page.evaluateHandle(
    ({ name, text }) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([text], name));
      return transfer;
    },
    { name, text },
  );
  await page.dispatchEvent(selector, 'drop', { dataTransfer });
}

export const tokenStorage = (page: Page) =>
  page.evaluate(() => ({
    session: sessionStorage.getItem('callscope.token'),
    localItems: localStorage.length,
  }));

/** Non-transparent pixels of the first chart canvas under `selector`: the chart really drew something. */
export function drawnPixels(page: Page, selector: string): Promise<number> {
  return page.evaluate((s) => {
    const canvas = document.querySelector<Canvas>(`${s} canvas`);
    if (!canvas) return 0;
    const { data } = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
    let drawn = 0;
    for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) drawn++;
    return drawn;
  }, selector);
}

export interface RenderAll {
  placeholders: number;
  rendered: number;
  points: number;
  /** Time spent creating charts (uPlot construction and first draw), summed. */
  chartMs: number;
  /** From the first scroll step to the last chart drawn. */
  wallMs: number;
  /** Longest gap between two animation frames while scrolling: what a person would feel as a stall. */
  longestFrameMs: number;
}

/** Scrolls every chart placeholder into view, one per frame, until all are drawn. */
export function renderAllCharts(page: Page): Promise<RenderAll> {
  return page.evaluate(async () => {
    const frame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));
    const plots = [...document.querySelectorAll('.plot')];
    let longest = 0;
    let last = await frame();
    const tick = async () => {
      const now = await frame();
      longest = Math.max(longest, now - last);
      last = now;
    };
    const start = last;
    for (const plot of plots) {
      plot.scrollIntoView();
      await tick();
    }
    const deadline = start + 60_000;
    while (document.querySelectorAll('.plot[data-rendered]').length < plots.length && last < deadline)
      await tick();
    const root = document.documentElement.dataset;
    return {
      placeholders: plots.length,
      rendered: document.querySelectorAll('.plot[data-rendered]').length,
      points: Number(root.chartsPoints),
      chartMs: Number(root.chartsMs),
      wallMs: last - start,
      longestFrameMs: longest,
    };
  });
}

/** The focused element and whether it shows a focus outline. */
export const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (!el) return null;
    const style = getComputedStyle(el);
    return {
      tag: el.tagName.toLowerCase(),
      className: el.className,
      outline: `${style.outlineStyle} ${style.outlineWidth}`,
    };
  });

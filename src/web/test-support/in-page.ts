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

declare const PerformanceObserver: new (
  callback: (list: { getEntries(): { name: string; duration: number; interactionId?: number }[] }) => void,
) => { observe(options: object): void };
declare const MouseEvent: new (type: string, init: object) => unknown;
declare function setTimeout(callback: () => void, ms: number): void;
declare const performance: { now(): number };
interface Timed {
  eventTimes: { name: string; duration: number }[];
}
declare const window: Timed;
interface Over {
  getBoundingClientRect(): { left: number; top: number; width: number; height: number };
  dispatchEvent(event: unknown): void;
}

/**
 * Starts recording the Event Timing entries of the page: for each input event (click, keydown,
 * pointerup…), the time from the input to the next paint after its handlers, as INP counts it.
 * Entries under 16 ms are not reported by the browser.
 */
export const recordEventTimes = (page: Page) =>
  page.evaluate(() => {
    window.eventTimes = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.eventTimes.push({ name: e.name, duration: e.duration });
    }).observe({ type: 'event', durationThreshold: 16, buffered: false });
  });

/** The longest event of those recorded since the last call (16 when none reached 16 ms), then clears. */
export async function longestEvent(page: Page): Promise<number> {
  // Entries arrive after the next paint: two frames and a task later they are in.
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 50))),
      ),
  );
  return page.evaluate(() => {
    const longest = Math.max(16, ...window.eventTimes.map((e) => e.duration));
    window.eventTimes = [];
    return longest;
  });
}

/**
 * Cursor moves over a chart, timed in the page: each mousemove dispatched on the chart (the synced
 * charts on screen follow it), then the time to the end of the next frame. Returns every move's time.
 */
export function cursorMoveTimes(page: Page, selector: string, moves: number): Promise<number[]> {
  return page.evaluate(
    async ({ selector, moves }) => {
      const over = document.querySelector<Over>(selector)!;
      const box = over.getBoundingClientRect();
      const times: number[] = [];
      for (let i = 0; i < moves; i++) {
        const started = performance.now();
        over.dispatchEvent(
          new MouseEvent('mousemove', {
            bubbles: true,
            clientX: box.left + 2 + ((box.width - 4) * i) / (moves - 1),
            clientY: box.top + box.height / 2,
          }),
        );
        await new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
        times.push(performance.now() - started);
      }
      return times;
    },
    { selector, moves },
  );
}

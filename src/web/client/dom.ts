/** Tiny DOM helpers: every text goes in as a text node, so nothing from a dump is ever parsed as HTML. */

export type Child = Node | string | number | null | undefined | false;
type AttrValue = string | number | boolean | null | undefined | ((event: Event) => void);
export type Attrs = Record<string, AttrValue>;

/** Creates an element: `on*` attributes become listeners, `true` an empty attribute, null/false nothing. */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Attrs | null = null,
  ...children: (Child | Child[])[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs ?? {})) {
    if (value === null || value === undefined || value === false) continue;
    if (typeof value === 'function') el.addEventListener(name.slice(2).toLowerCase(), value);
    else el.setAttribute(name, value === true ? '' : String(value));
  }
  append(el, children);
  return el;
}

export function append(parent: Node, children: (Child | Child[])[]): void {
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    parent.appendChild(typeof child === 'object' ? child : document.createTextNode(String(child)));
  }
}

/** Replaces the content of an element. */
export function replace(parent: Element, ...children: (Child | Child[])[]): void {
  parent.replaceChildren();
  append(parent, children);
}

export const main = (): HTMLElement => document.getElementById('main')!;

/** Announces a status to assistive technology through the page's live region. */
export function status(text: string, kind: 'info' | 'error' = 'info'): void {
  let region = document.getElementById('page-status');
  if (!region) {
    region = h('p', { id: 'page-status', role: 'status' });
    main().prepend(region);
  }
  region.className = kind === 'error' ? 'status status-error' : 'status';
  region.textContent = text;
}

/** A unique id for label/aria wiring. */
let counter = 0;
export const uid = (prefix: string): string => `${prefix}-${++counter}`;

/** A definition list from label/value pairs; pairs with an empty value are left out. */
export function dl(className: string, pairs: [string, Child][]): HTMLDListElement {
  const list = h('dl', { class: className });
  for (const [term, value] of pairs) {
    if (value === null || value === undefined || value === '' || value === false) continue;
    list.append(h('div', null, h('dt', null, term), h('dd', null, value)));
  }
  return list;
}

/**
 * The wrapper of a wide table: it scrolls sideways on a narrow screen, so it can take the focus
 * (keyboard users scroll it with the arrow keys) and is named for screen readers.
 */
export const tableWrap = (label: string, table: HTMLElement): HTMLElement =>
  h('div', { class: 'table-wrap', role: 'region', 'aria-label': label, tabindex: 0 }, table);

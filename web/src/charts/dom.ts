/** A tiny element builder: plain DOM keeps the bundle small and the page fast to paint. */
export type Child = Node | string | number | null | undefined | false

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string | number | boolean | null | undefined | ((ev: Event) => void)> = {},
  ...children: (Child | Child[])[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag)
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) {
      continue
    }
    if (typeof value === 'function') {
      el.addEventListener(key.replace(/^on/, '').toLowerCase(), value)
    } else if (key === 'style') {
      el.setAttribute('style', String(value))
    } else {
      el.setAttribute(key, value === true ? '' : String(value))
    }
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) {
      continue
    }
    el.append(typeof child === 'object' ? child : String(child))
  }
  return el
}

/** Replaces an element's children. */
export function mount(parent: Element, ...children: (Child | Child[])[]): void {
  parent.replaceChildren()
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) {
      continue
    }
    parent.append(typeof child === 'object' ? child : String(child))
  }
}

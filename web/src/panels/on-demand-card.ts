/**
 * What the side column's on-demand cards ("What if", "Before / after") share: their own style
 * sheet, small elements, and one request run when the user asks, with its wait, its answer or
 * the server's reason in the card's body.
 */
import { authHeaders } from '../api/auth-token.js'

/** Adds a card's styles to the page once. */
export function ensureStyle(id: string, css: string): void {
  if (document.getElementById(id)) {
    return
  }
  const style = document.createElement('style')
  style.id = id
  style.textContent = css
  document.head.append(style)
}

export function el(tag: string, cls: string, text = ''): HTMLElement {
  const e = document.createElement(tag)
  e.className = cls
  e.textContent = text
  return e
}

/**
 * GETs `url` (JSON, with the page's token) while `button` is disabled and `waiting` shows in
 * `body`; then `render`s the answer, or shows the server's error message, or that it did not
 * answer (not after the page left the view).
 */
export function runOnDemand<T>(o: {
  url: string
  signal: AbortSignal
  button: HTMLButtonElement
  body: HTMLElement
  waiting: string
  render: (body: HTMLElement, reply: T) => void
}): void {
  o.button.disabled = true
  o.body.replaceChildren(el('div', 'status', o.waiting))
  fetch(o.url, { signal: o.signal, headers: { accept: 'application/json', ...authHeaders() } })
    .then(async (res) => {
      const json = (await res.json()) as T & { error?: { message?: string } }
      if (!res.ok) {
        o.body.replaceChildren(
          el('div', 'status refused', json.error?.message ?? `HTTP ${res.status}`)
        )
        return
      }
      o.render(o.body, json)
    })
    .catch(() => {
      if (!o.signal.aborted) {
        o.body.replaceChildren(el('div', 'status refused', 'the server did not answer'))
      }
    })
    .finally(() => {
      o.button.disabled = false
    })
}
